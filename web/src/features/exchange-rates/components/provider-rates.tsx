import type { UseQueryResult } from '@tanstack/react-query';
import type { CurrencyRate, ExchangeRatesResponse } from '@portal/contracts';
import { formatDecimal } from '../../../lib/format';
import { DataTable } from '../../../ui/data-table';

export interface ProviderRatesProps {
  readonly query: UseQueryResult<ExchangeRatesResponse>;
  /** Why nothing can be edited (the server's 409 message). */
  readonly note: string;
}

/** Read-only: today's rates as the configured HTTP provider gives them. */
export function ProviderRates({ query, note }: ProviderRatesProps) {
  return (
    <>
      <p role="note" className="alert exchange-rates__note">
        {note}
      </p>
      <DataTable<CurrencyRate>
        label="Exchange rates"
        what="exchange rates"
        layout="form"
        searchable={false}
        rows={query.data?.rates}
        load={query}
        rowKey={(rate) => rate.currency}
        empty="The provider gave no rates."
        columns={[
          { id: 'currency', header: 'Currency', isRowHeader: true, text: (rate) => rate.currency },
          {
            id: 'rate',
            header: `Rate per USD${query.data ? ` (${query.data.date})` : ''}`,
            text: (rate) => (rate.perUsd === null ? 'Not available' : formatDecimal(rate.perUsd)),
            cell: (rate) =>
              rate.perUsd === null ? (
                <span className="muted">Not available</span>
              ) : (
                formatDecimal(rate.perUsd)
              ),
          },
        ]}
      />
    </>
  );
}
