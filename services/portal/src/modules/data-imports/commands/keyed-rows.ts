import { dataImportMessages, type DataImportColumn, type DataImportProblem } from '@portal/contracts';
import type { z } from 'zod';
import type { Caller, PortalCommand } from '../../../platform/cqrs';
import { columnOfPath, keyId, parseRow } from '../domain/row-fields';
import {
  cellId,
  cellText,
  problemAt,
  dataRows,
  formulaProblems,
  KeysSeen,
  type HeadingMatch,
  type ImportCell,
  type ImportRow,
} from '../domain/sheet';
import { countOne, problemsOfRow, type ImportStep } from './import-steps';

/** How a kind keyed by an id column reads its rows into commands (clients, projects). */
export interface KeyedRowsOptions<
  K extends string,
  S extends z.ZodType,
  Key extends string | number = number,
> {
  readonly columns: Readonly<Record<K, DataImportColumn>>;
  /** The key column: once per file. */
  readonly keyField: NoInfer<K>;
  /** The key of its cell, or why it is none (default: a whole-number id). */
  readonly keyOf?: (cell: ImportCell, row: ImportRow, column: string) => Key | DataImportProblem;
  /** The form's request schema, and the row's values as the form would send them. */
  readonly schema: S;
  readonly input: (cell: (field: K) => ImportCell, match: HeadingMatch<K>) => unknown;
  /** Where a problem of no column goes. */
  readonly fallbackColumn: string;
  /** What a row's decisions count as (default: created when its stream was new). */
  readonly countsOf?: ImportStep['countsOf'];
  /** The step key's prefix ('client' → 'client-12'). */
  readonly prefix: string;
  /** The command of a row (asks the log whether the id exists: changed, or registered under it). */
  readonly command: (key: Key, request: z.output<S>) => Promise<(caller: Caller) => PortalCommand<unknown>>;
}

/**
 * One step per row of a file keyed by an id: the id checked (a whole number, not twice in the
 * file), formulas refused, the values parsed by the form's schema; a row with any problem is
 * reported and not sent.
 */
export async function* keyedRowSteps<
  K extends string,
  S extends z.ZodType,
  Key extends string | number = number,
>(
  rows: AsyncIterable<ImportRow>,
  problem: (p: DataImportProblem) => void,
  options: KeyedRowsOptions<K, S, Key>,
): AsyncGenerator<ImportStep> {
  const keyOf =
    options.keyOf ?? ((cell, row, column) => keyId(cellId(cell), row, column) as Key | DataImportProblem);
  const { columns, keyField } = options;
  const keyColumn = columns[keyField].heading;
  const keys = new KeysSeen();
  for await (const { row, match, cell } of dataRows(rows, columns)) {
    const found = formulaProblems(row, match.headings);
    const id = keyOf(cell(keyField), row, keyColumn);
    const isKey = typeof id === 'number' || typeof id === 'string';
    if (isKey) {
      const repeated = keys.check(row, keyColumn, String(id).toLowerCase(), String(id));
      if (repeated) found.push(repeated);
    } else found.push(id);
    const parsed = parseRow(options.schema, options.input(cell, match), row, columns, options.fallbackColumn);
    if ('problems' in parsed) found.push(...parsed.problems);
    if (found.length > 0 || !isKey || 'problems' in parsed) {
      found.forEach(problem);
      continue;
    }
    const command = await options.command(id, parsed.request);
    yield {
      key: `${options.prefix}-${id}`,
      firstRow: row.row,
      lastRow: row.row,
      command,
      problemsOf: (error) => problemsOfRow(row, error, (path) => columnOfPath(columns, path), keyColumn),
      countsOf: options.countsOf ?? countOne,
    };
  }
}

/** A key that is the cell's text (a work e-mail, a VIN), as `normalise` writes it; blank is a problem. */
export const textKey =
  (normalise: (text: string) => string) =>
  (cell: ImportCell, row: ImportRow, column: string): string | DataImportProblem => {
    const text = cellText(cell);
    return text === null ? problemAt(row, column, dataImportMessages.keyNeeded(column)) : normalise(text);
  };
