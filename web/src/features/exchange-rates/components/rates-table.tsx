import type { Currency, ExchangeRateRow } from '@portal/contracts';
import { formatDecimal, formatInstant } from '../../../lib/format';
import { DataTable } from '../../../ui/data-table';
import type { LoadState } from '../../../ui/query-state';
import { TextField } from '../../../ui/text-field';
import type { EditableCurrency, RateDrafts, RateErrors } from '../rate-rules';

export interface RatesTableProps {
  readonly rows: readonly ExchangeRateRow[] | undefined;
  readonly currencies: readonly Currency[];
  readonly load: LoadState;
  /** The field texts while editing; null shows the stored values. */
  readonly drafts: RateDrafts | null;
  readonly errors: RateErrors;
  readonly isSaving: boolean;
  /** False for an auditor: the empty table then points to no Edit. */
  readonly canWrite: boolean;
  readonly onDraftChange: (currency: EditableCurrency, value: string) => void;
}

interface RateLine {
  readonly currency: Currency;
  readonly stored: ExchangeRateRow | undefined;
}

/**
 * The embedded table, one row per currency: the kit's table in its 'form' layout, so that in edit
 * mode Tab moves from field to field and arrow keys stay inside the text being typed.
 */
export function RatesTable({
  rows,
  currencies,
  load,
  drafts,
  errors,
  isSaving,
  canWrite,
  onDraftChange,
}: RatesTableProps) {
  const byCode = new Map((rows ?? []).map((row) => [row.currency, row]));
  const lines: RateLine[] | undefined =
    rows === undefined
      ? undefined
      : (drafts ? currencies : currencies.filter((code) => byCode.has(code))).map((currency) => ({
          currency,
          stored: byCode.get(currency),
        }));

  return (
    <DataTable
      label="Exchange rates"
      what="exchange rates"
      layout="form"
      searchable={false}
      rows={lines}
      load={load}
      rowKey={(line) => line.currency}
      empty={
        canWrite
          ? 'No exchange rates are recorded yet. Choose Edit to set them.'
          : 'No exchange rates are recorded yet.'
      }
      columns={[
        { id: 'currency', header: 'Currency', isRowHeader: true, text: (line) => line.currency },
        {
          id: 'rate',
          header: 'Rate per USD',
          text: (line) => (line.stored ? formatDecimal(line.stored.perUsd) : ''),
          cell: ({ currency, stored }) =>
            drafts && currency !== 'USD' ? (
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
            ) : stored ? (
              formatDecimal(stored.perUsd)
            ) : (
              <span className="muted">Not set</span>
            ),
        },
        {
          id: 'updatedAt',
          header: 'Last updated',
          text: (line) => (line.stored ? formatInstant(line.stored.updatedAt) : '—'),
          cell: ({ stored }) =>
            stored ? <time dateTime={stored.updatedAt}>{formatInstant(stored.updatedAt)}</time> : '—',
        },
        { id: 'updatedBy', header: 'Updated by', text: (line) => line.stored?.updatedBy ?? '—' },
      ]}
    />
  );
}
