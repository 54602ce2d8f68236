import { dataImportMessages, type DataImportColumn, type DataImportProblem } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import type { SheetCell, SheetRow } from '../../../kernel/sheet-row';

/** A cell and a row of the file's sheet, as platform/files/sheet-rows.ts reads them. */
export type ImportCell = SheetCell;
export type ImportRow = SheetRow;

/** Headings compare without case, surrounding spaces or a byte-order mark. */
export const headingKey = (heading: string): string =>
  heading
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A cell as the text a form field would hold: trimmed, numbers as written, dates as YYYY-MM-DD; blank is null. */
export function cellText(cell: ImportCell | undefined): string | null {
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date)
    return `${pad(cell.getUTCFullYear(), 4)}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  const text = String(cell).trim();
  return text === '' ? null : text;
}

/** Yes/No, True/False or a boolean cell as true/false; blank as null; anything else as its text (the rule refuses it). */
export function cellYesNo(cell: ImportCell | undefined): boolean | string | null {
  if (typeof cell === 'boolean') return cell;
  const text = cellText(cell);
  if (text === null) return null;
  const key = text.toLowerCase();
  if (key === 'yes' || key === 'true') return true;
  if (key === 'no' || key === 'false') return false;
  return text;
}

/** A whole-number id as the form's JSON holds it: a number; digits in text become one. */
export function cellId(cell: ImportCell | undefined): unknown {
  if (typeof cell === 'number') return cell;
  const text = cellText(cell);
  if (text === null) return null;
  return /^\d{1,10}$/.test(text) ? Number(text) : text;
}

/** Where a layout's columns are, and the further columns (project or month headings). */
export interface HeadingMatch<K extends string> {
  readonly at: Readonly<Partial<Record<K, number>>>;
  /** Columns beyond the layout's that are data, with their heading as written. */
  readonly further: readonly { readonly index: number; readonly heading: string }[];
  /** Every column's heading as written, by index (for problems). */
  readonly headings: readonly string[];
}

/**
 * Reads the heading row against a layout. A missing required column, a column the layout does
 * not know (and `further` does not take or read past), or one written twice refuses the file:
 * 400 on `file`.
 */
export function matchHeadings<K extends string>(
  row: ImportRow,
  columns: Readonly<Record<K, DataImportColumn>>,
  further: (heading: string) => 'data' | 'ignore' | 'unknown' = () => 'unknown',
): HeadingMatch<K> {
  const headings = row.cells.map((cell) => cellText(cell) ?? '');
  const byKey = new Map(
    (Object.entries(columns) as [K, DataImportColumn][]).map(([k, c]) => [headingKey(c.heading), k]),
  );
  const at: Partial<Record<K, number>> = {};
  const found: { index: number; heading: string }[] = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  const problems: { path: string; message: string }[] = [];
  headings.forEach((heading, index) => {
    if (heading === '') return;
    const key = headingKey(heading);
    if (seen.has(key)) problems.push({ path: 'file', message: dataImportMessages.repeatedColumn(heading) });
    seen.add(key);
    const field = byKey.get(key);
    if (field !== undefined) at[field] = index;
    else {
      const kind = further(heading);
      if (kind === 'data') found.push({ index, heading });
      else if (kind === 'unknown') unknown.push(heading);
    }
  });
  const missing = (Object.entries(columns) as [K, DataImportColumn][])
    .filter(([k, c]) => c.required && at[k] === undefined)
    .map(([, c]) => c.heading);
  if (missing.length > 0)
    problems.push({ path: 'file', message: dataImportMessages.missingColumns(missing) });
  if (unknown.length > 0)
    problems.push({ path: 'file', message: dataImportMessages.unknownColumns(unknown) });
  DomainError.throwIfAny(problems);
  return { at, further: found, headings };
}

/** A problem at a row and column of the file. */
export const problemAt = (row: ImportRow, column: string, message: string): DataImportProblem => ({
  sheet: row.sheet,
  row: row.row,
  column,
  message,
});

/** Every formula cell of a row: a file brings values, never formulas. */
export function formulaProblems(row: ImportRow, headings: readonly string[]): DataImportProblem[] {
  return row.formulas.map((i) =>
    problemAt(row, headings[i] || `Column ${i + 1}`, dataImportMessages.formula),
  );
}

/** Keys seen so far in a file (a client's id, a person's name): the first row of each. */
export class KeysSeen {
  private readonly first = new Map<string, number>();

  /** The problem of a key already seen on an earlier row, else null (and the key is noted). */
  check(row: ImportRow, column: string, key: string, shown: string): DataImportProblem | null {
    const earlier = this.first.get(key);
    if (earlier !== undefined)
      return problemAt(row, column, dataImportMessages.duplicateKey(column, shown, earlier));
    this.first.set(key, row.row);
    return null;
  }
}

/** A blank row (every cell empty) is read past. */
export const isBlankRow = (row: ImportRow): boolean => row.cells.every((cell) => cellText(cell) === null);

/** A file without even a heading row: 400 on `file`. */
export const noHeadings = (): DomainError =>
  DomainError.validation([{ path: 'file', message: dataImportMessages.noHeadings }]);

/** A data row with its layout's cells at hand. */
export interface DataRow<K extends string> {
  readonly row: ImportRow;
  readonly match: HeadingMatch<K>;
  /** The cell under a layout column (null when the file has no such column). */
  cell(field: K): ImportCell;
}

/**
 * The rows after the heading row, blank ones left out, each with its cells by layout field; the
 * heading row is matched first (`matchHeadings`: a bad one refuses the file), and a file without
 * one is refused too.
 */
export async function* dataRows<K extends string>(
  rows: AsyncIterable<ImportRow>,
  columns: Readonly<Record<K, DataImportColumn>>,
  further?: (heading: string) => 'data' | 'ignore' | 'unknown',
): AsyncGenerator<DataRow<K>> {
  let match: HeadingMatch<K> | null = null;
  for await (const row of rows) {
    if (match === null) {
      match = matchHeadings(row, columns, further);
      continue;
    }
    if (isBlankRow(row)) continue;
    const at = match.at;
    yield {
      row,
      match,
      cell: (field: K) => {
        const index = at[field];
        return index === undefined ? null : (row.cells[index] ?? null);
      },
    };
  }
  if (match === null) throw noHeadings();
}
