import type { UseQueryResult } from '@tanstack/react-query';
import type { ExchangeRatesResponse } from '@portal/contracts';
import { errorMessage } from '../../../lib/api';
import { formatDecimal } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { ScrollRegion } from '../../../ui/scroll-region';

export interface ProviderRatesProps {
  readonly query: UseQueryResult<ExchangeRatesResponse>;
  /** Why nothing can be edited (the server's 409 message). */
  readonly note: string;
}

/** Read-only: today's rates as the configured HTTP provider gives them. */
export function ProviderRates({ query, note }: ProviderRatesProps) {
  const rates = query.data?.rates ?? [];
  return (
    <>
      <p role="note" className="alert exchange-rates__note">
        {note}
      </p>
      {query.isError ? (
        <div role="alert" className="alert alert--danger exchange-rates__error">
          <span>{errorMessage(query.error)}</span>
          <Button variant="secondary" onPress={() => void query.refetch()} isPending={query.isFetching}>
            Try again
          </Button>
        </div>
      ) : null}
      <ScrollRegion label="Exchange rates table">
        <table className="table rates-table">
          <caption className="visually-hidden">Exchange rates</caption>
          <thead>
            <tr>
              <th scope="col" className="table__column">
                Currency
              </th>
              <th scope="col" className="table__column rates-table__rate">
                Rate per USD{query.data ? ` (${query.data.date})` : ''}
              </th>
            </tr>
          </thead>
          <tbody>
            {rates.length === 0 ? (
              <tr>
                <td colSpan={2} className="table__empty">
                  {query.isPending ? (
                    <span role="status">Loading exchange rates…</span>
                  ) : query.isError ? (
                    'The exchange rates could not be loaded.'
                  ) : (
                    'The provider gave no rates.'
                  )}
                </td>
              </tr>
            ) : (
              rates.map((rate) => (
                <tr key={rate.currency} className="table__row">
                  <th scope="row" className="table__cell rates-table__currency">
                    {rate.currency}
                  </th>
                  <td className="table__cell rates-table__rate">
                    {rate.perUsd === null ? (
                      <span className="muted">Not available</span>
                    ) : (
                      formatDecimal(rate.perUsd)
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
