import { formatDecimal, formatFullDate, formatTableDate } from '../../lib/format';
import type { DataColumn } from './data-table';

/** A business-date column: 'Tue Jan 05' (spec), the full date in the cell's title, sorted by date. */
export function dateColumn<T>(
  id: string,
  header: string,
  date: (row: T) => string,
  extra: Partial<DataColumn<T>> = {},
): DataColumn<T> {
  return {
    id,
    header,
    sort: 'text',
    sortValue: date,
    // The filter finds a row by what is shown ('Jan 05') and by the ISO date ('2026-01-05').
    text: (row) => `${formatTableDate(date(row))} ${date(row)}`,
    cell: (row) => (
      <time dateTime={date(row)} title={formatFullDate(date(row))}>
        {formatTableDate(date(row))}
      </time>
    ),
    ...extra,
  };
}

/** A decimal column (hours, money) shown with separators, sorted as a number, never as a float. */
export function decimalColumn<T>(
  id: string,
  header: string,
  value: (row: T) => string | null,
  minFraction = 0,
  extra: Partial<DataColumn<T>> = {},
): DataColumn<T> {
  return {
    id,
    header,
    numeric: true,
    sort: 'decimal',
    sortValue: (row) => value(row) ?? '',
    text: (row) => formatDecimal(value(row), minFraction),
    ...extra,
  };
}

/**
 * How a table of ledger rows (time entries, expenses) is set up on every screen: rows keyed by
 * id, oldest first, and a Total row (spread into `DataTable`).
 */
export const LEDGER_TABLE = {
  rowKey: (row: { readonly id: string }) => row.id,
  defaultSort: { column: 'date', direction: 'ascending' },
  totalsLabel: 'Total',
} as const;
