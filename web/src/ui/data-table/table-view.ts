/**
 * What a data table shows of its rows: the text filter, the sort and the page. Pure functions (no
 * React), so the rules are unit-tested once for every list of the portal.
 */

/** How a column's values compare: as text (ISO dates sort as text), or as decimal strings. */
export type SortKind = 'text' | 'decimal';

export interface ViewColumn<T> {
  readonly id: string;
  /** The plain text of the cell: what the filter searches and what text sorting compares. */
  readonly text: (row: T) => string;
  /** Omitted: the column does not sort (actions, free attachments). */
  readonly sort?: SortKind;
  /** The value compared when it differs from the text shown (a decimal string, an ISO date). */
  readonly sortValue?: (row: T) => string;
  /** False keeps the column's text out of the text filter. */
  readonly searchable?: boolean;
}

export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  readonly column: string;
  readonly direction: SortDirection;
}

export interface ViewState {
  readonly filter: string;
  readonly sort: SortState | null;
  /** 0-based. */
  readonly page: number;
  readonly pageSize: number;
}

export interface View<T> {
  /** The rows of the current page. */
  readonly rows: readonly T[];
  /** How many rows pass the filter. */
  readonly matching: number;
  readonly total: number;
  /** The page shown (clamped to the last page when the filter shrank the list). */
  readonly page: number;
  readonly pageCount: number;
  /** 1-based positions of the first and last row shown; 0 and 0 when nothing is shown. */
  readonly first: number;
  readonly last: number;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Compares two decimal strings ('-12.5', '3', '0.25') exactly, without turning them into floats.
 * Anything that is not a decimal sorts after every number.
 */
export function compareDecimal(a: string, b: string): number {
  const pa = parseDecimal(a);
  const pb = parseDecimal(b);
  if (!pa || !pb) return pa ? -1 : pb ? 1 : 0;
  const scale = Math.max(pa.fraction.length, pb.fraction.length);
  const va = BigInt(`${pa.whole}${pa.fraction.padEnd(scale, '0')}`) * (pa.negative ? -1n : 1n);
  const vb = BigInt(`${pb.whole}${pb.fraction.padEnd(scale, '0')}`) * (pb.negative ? -1n : 1n);
  return va < vb ? -1 : va > vb ? 1 : 0;
}

function parseDecimal(value: string): { negative: boolean; whole: string; fraction: string } | null {
  const match = /^\s*([-+]?)(\d*)(?:\.(\d*))?\s*$/.exec(value.replace(/,/g, ''));
  if (!match || (!match[2] && !match[3])) return null;
  return { negative: match[1] === '-', whole: match[2] || '0', fraction: match[3] ?? '' };
}

/** Lower-case, accents and surrounding space removed: 'Café ' matches 'cafe'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** The rows whose searchable text holds every word of the filter, in any column. */
export function filterRows<T>(rows: readonly T[], columns: readonly ViewColumn<T>[], filter: string) {
  const words = fold(filter).split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  const searched = columns.filter((column) => column.searchable !== false);
  return rows.filter((row) => {
    const haystack = fold(searched.map((column) => column.text(row)).join(' \u0000 '));
    return words.every((word) => haystack.includes(word));
  });
}

/** A stable sort by one column; rows that compare equal keep the order the server gave. */
export function sortRows<T>(rows: readonly T[], columns: readonly ViewColumn<T>[], sort: SortState | null) {
  const column = sort ? columns.find((c) => c.id === sort.column && c.sort) : undefined;
  if (!sort || !column) return rows;
  const value = column.sortValue ?? column.text;
  const compare = column.sort === 'decimal' ? compareDecimal : collator.compare;
  const sign = sort.direction === 'descending' ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => sign * compare(a.key, b.key) || a.index - b.index)
    .map((entry) => entry.row);
}

/** Filter, then sort, then cut the page. */
export function viewOf<T>(rows: readonly T[], columns: readonly ViewColumn<T>[], state: ViewState): View<T> {
  const matching = sortRows(filterRows(rows, columns, state.filter), columns, state.sort);
  const pageSize = Math.max(1, state.pageSize);
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(Math.max(0, state.page), pageCount - 1);
  const start = page * pageSize;
  const shown = matching.slice(start, start + pageSize);
  return {
    rows: shown,
    matching: matching.length,
    total: rows.length,
    page,
    pageCount,
    first: shown.length ? start + 1 : 0,
    last: start + shown.length,
  };
}
