import type { Currency, ExchangeRateRow } from '@portal/contracts';
import { formatDecimal, formatInstant } from '../../../lib/format';
import { ScrollRegion } from '../../../ui/scroll-region';
import { TextField } from '../../../ui/text-field';
import type { EditableCurrency, RateDrafts, RateErrors } from '../rate-rules';

export interface RatesTableProps {
  readonly rows: readonly ExchangeRateRow[];
  readonly currencies: readonly Currency[];
  readonly status: 'loading' | 'error' | 'ready';
  /** The field texts while editing; null shows the stored values. */
  readonly drafts: RateDrafts | null;
  readonly errors: RateErrors;
  readonly isSaving: boolean;
  readonly onDraftChange: (currency: EditableCurrency, value: string) => void;
}

const COLUMNS = 4;

/**
 * The embedded table, one row per currency. A plain table (not a grid) so that in edit mode Tab
 * moves from field to field and arrow keys stay inside the text being typed.
 */
export function RatesTable({
  rows,
  currencies,
  status,
  drafts,
  errors,
  isSaving,
  onDraftChange,
}: RatesTableProps) {
  const byCode = new Map(rows.map((row) => [row.currency, row]));
  const shown = drafts ? currencies : currencies.filter((code) => byCode.has(code));

  return (
    <ScrollRegion label="Exchange rates table">
      <table className="table rates-table">
        <caption className="visually-hidden">Exchange rates</caption>
        <thead>
          <tr>
            <th scope="col" className="table__column">
              Currency
            </th>
            <th scope="col" className="table__column rates-table__rate">
              Rate per USD
            </th>
            <th scope="col" className="table__column">
              Last updated
            </th>
            <th scope="col" className="table__column">
              Updated by
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS} className="table__empty">
                {status === 'loading' ? (
                  <span role="status">Loading exchange rates…</span>
                ) : status === 'error' ? (
                  'The exchange rates could not be loaded.'
                ) : (
                  'No exchange rates are recorded yet. Choose Edit to set them.'
                )}
              </td>
            </tr>
          ) : (
            shown.map((currency) => {
              const row = byCode.get(currency);
              return (
                <tr key={currency} className="table__row">
                  <th scope="row" className="table__cell rates-table__currency">
                    {currency}
                  </th>
                  <td className="table__cell rates-table__rate">
                    {drafts && currency !== 'USD' ? (
                      <TextField
                        label={`Rate per USD for ${currency}`}
                        hideLabel
                        inputMode="decimal"
                        autoComplete="off"
                        value={drafts[currency]}
                        onChange={(value) => onDraftChange(currency, value)}
                        errorMessage={errors[currency]}
                        isDisabled={isSaving}
                        autoFocus={currency === 'CAD'}
                        className="rates-table__field"
                      />
                    ) : currency === 'USD' ? (
                      <span>
                        1 <span className="muted rates-table__base">(base currency)</span>
                      </span>
                    ) : row ? (
                      formatDecimal(row.perUsd)
                    ) : (
                      <span className="muted">Not set</span>
                    )}
                  </td>
                  <td className="table__cell">
                    {row ? <time dateTime={row.updatedAt}>{formatInstant(row.updatedAt)}</time> : '—'}
                  </td>
                  <td className="table__cell">{row ? row.updatedBy : '—'}</td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
