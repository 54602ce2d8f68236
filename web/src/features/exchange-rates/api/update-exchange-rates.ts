import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExchangeRatesUpdateResponse } from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../../../lib/api';
import type { RatesRequest } from '../rate-rules';
import { adminExchangeRatesQuery, exchangeRatesKey } from './get-exchange-rates';

const submissions = new SubmissionKeys();

/**
 * `PUT /api/admin/exchange-rates` (admins, embedded table only). Pressing Save again after a
 * failure with the same values reuses the Idempotency-Key, so the change is recorded once.
 */
export function updateExchangeRates(request: RatesRequest): Promise<ExchangeRatesUpdateResponse> {
  return apiRequest('PUT', '/api/admin/exchange-rates', {
    body: request,
    idempotencyKey: submissions.keyFor(request),
  });
}

export function useUpdateExchangeRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExchangeRates,
    onSuccess: (answer, request) => {
      submissions.forget(request);
      queryClient.setQueryData(adminExchangeRatesQuery.queryKey, [...answer.rates]);
      return queryClient.invalidateQueries({ queryKey: exchangeRatesKey });
    },
    // A refusal (409 provider configured, concurrent edit) may mean the table changed: reload it.
    onError: () => queryClient.invalidateQueries({ queryKey: exchangeRatesKey }),
  });
}
