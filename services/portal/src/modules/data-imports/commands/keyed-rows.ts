import type { DataImportColumn, DataImportProblem } from '@portal/contracts';
import type { z } from 'zod';
import type { Caller, PortalCommand } from '../../../platform/cqrs';
import { columnOfPath, keyId, parseRow } from '../domain/row-fields';
import {
  cellId,
  dataRows,
  formulaProblems,
  KeysSeen,
  type ImportCell,
  type ImportRow,
} from '../domain/sheet';
import { countOne, problemsOfRow, type ImportStep } from './import-steps';

/** How a kind keyed by an id column reads its rows into commands (clients, projects). */
export interface KeyedRowsOptions<K extends string, S extends z.ZodType> {
  readonly columns: Readonly<Record<K, DataImportColumn>>;
  /** The id column: a whole number, once per file. */
  readonly keyField: NoInfer<K>;
  /** The form's request schema, and the row's values as the form would send them. */
  readonly schema: S;
  readonly input: (cell: (field: K) => ImportCell) => unknown;
  /** Where a problem of no column goes. */
  readonly fallbackColumn: string;
  /** The step key's prefix ('client' → 'client-12'). */
  readonly prefix: string;
  /** The command of a row (asks the log whether the id exists: changed, or registered under it). */
  readonly command: (id: number, request: z.output<S>) => Promise<(caller: Caller) => PortalCommand<unknown>>;
}

/**
 * One step per row of a file keyed by an id: the id checked (a whole number, not twice in the
 * file), formulas refused, the values parsed by the form's schema; a row with any problem is
 * reported and not sent.
 */
export async function* keyedRowSteps<K extends string, S extends z.ZodType>(
  rows: AsyncIterable<ImportRow>,
  problem: (p: DataImportProblem) => void,
  options: KeyedRowsOptions<K, S>,
): AsyncGenerator<ImportStep> {
  const { columns, keyField } = options;
  const keyColumn = columns[keyField].heading;
  const keys = new KeysSeen();
  for await (const { row, match, cell } of dataRows(rows, columns)) {
    const found = formulaProblems(row, match.headings);
    const id = keyId(cellId(cell(keyField)), row, keyColumn);
    if (typeof id === 'number') {
      const repeated = keys.check(row, keyColumn, String(id), String(id));
      if (repeated) found.push(repeated);
    } else found.push(id);
    const parsed = parseRow(options.schema, options.input(cell), row, columns, options.fallbackColumn);
    if ('problems' in parsed) found.push(...parsed.problems);
    if (found.length > 0 || typeof id !== 'number' || 'problems' in parsed) {
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
      countsOf: countOne,
    };
  }
}
