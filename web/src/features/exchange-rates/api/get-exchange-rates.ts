import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api';
import { businessToday } from '../../../lib/business-day';

export const exchangeRatesKey = ['admin', 'exchange-rates'] as const;

/**
 * `GET /api/admin/exchange-rates`: the embedded table (rate per USD, when and by whom).
 * Answers 409 when the HTTP provider is configured (nothing to edit here).
 */
export const adminExchangeRatesQuery = queryOptions({
  queryKey: [...exchangeRatesKey, 'table'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/exchange-rates', { signal }),
});

/** The admin table's 409: rates come from the configured provider. */
export function isProviderConfigured(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** `GET /api/exchange-rates?date=today`: the rates the provider gives today (read-only view). */
export function todaysRatesQuery(today: string) {
  return queryOptions({
    queryKey: [...exchangeRatesKey, 'for-date', today],
    queryFn: ({ signal }) => apiRequest('GET', '/api/exchange-rates', { query: { date: today }, signal }),
  });
}

export function useAdminExchangeRates() {
  return useQuery(adminExchangeRatesQuery);
}

/** Asked only once the admin table said the provider is configured. */
export function useTodaysRates(enabled: boolean) {
  return useQuery({ ...todaysRatesQuery(businessToday()), enabled });
}
