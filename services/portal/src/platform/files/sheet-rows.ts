import { pipeline, type Readable } from 'node:stream';
import { parse } from '@fast-csv/parse';
import { CsvRecordLimit } from './csv-record-limit';
import { loadExcelJs } from './exceljs';
import type { SheetCell, SheetRow } from '../../kernel/sheet-row';
import type { FileStorage } from './file-storage.port';

export type { SheetCell, SheetRow };

export type SheetFormat = 'xlsx' | 'csv';

/** The file is not readable as its format (a CSV's broken quoting, a damaged sheet). */
export class UnreadableSheet extends Error {
  constructor(readonly row: number) {
    super(`unreadable at row ${row}`);
    this.name = 'UnreadableSheet';
  }
}

/** A CSV record longer than the limit. */
export class SheetRowTooLong extends Error {
  constructor(readonly row: number) {
    super(`row ${row} too long`);
    this.name = 'SheetRowTooLong';
  }
}

/** More rows than the limit (the heading row not counted). */
export class TooManySheetRows extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} rows`);
    this.name = 'TooManySheetRows';
  }
}

/** The name a CSV's one sheet goes by in problems. */
export const CSV_SHEET_NAME = 'CSV';

type ExcelValue = unknown;

/** A cell of exceljs's streaming reader as a SheetCell, and whether it was a formula. */
function cellOf(value: ExcelValue): { cell: SheetCell; formula: boolean } {
  if (value === undefined || value === null) return { cell: null, formula: false };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return { cell: value, formula: false };
  if (value instanceof Date) return { cell: value, formula: false };
  const object = value as Record<string, unknown>;
  if ('formula' in object || 'sharedFormula' in object)
    return { cell: cellOf(object.result).cell, formula: true };
  if (Array.isArray(object.richText))
    return {
      cell: (object.richText as { text?: string }[]).map((part) => part.text ?? '').join(''),
      formula: false,
    };
  if (typeof object.text === 'string') return { cell: object.text, formula: false };
  if (typeof object.error === 'string') return { cell: object.error, formula: false };
  return { cell: String(value), formula: false };
}

async function* xlsxRows(content: Readable): AsyncGenerator<SheetRow> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(content, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  let rowNumber = 0;
  try {
    for await (const worksheet of workbook) {
      const sheet = (worksheet as unknown as { name?: string }).name ?? 'Sheet 1';
      for await (const row of worksheet) {
        rowNumber = row.number;
        const values = (row.values as ExcelValue[]).slice(1);
        const cells: SheetCell[] = [];
        const formulas: number[] = [];
        values.forEach((value, i) => {
          const { cell, formula } = cellOf(value);
          cells[i] = cell;
          if (formula) formulas.push(i);
        });
        for (let i = 0; i < cells.length; i++) cells[i] ??= null;
        yield { sheet, row: row.number, cells, formulas };
      }
      return; // the first sheet only
    }
  } catch (error) {
    if (error instanceof SheetRowTooLong) throw error;
    throw new UnreadableSheet(rowNumber + 1);
  }
}

async function* csvRows(content: Readable, maxRowBytes: number): AsyncGenerator<SheetRow> {
  const parser = pipeline(
    content,
    new CsvRecordLimit(maxRowBytes, (line) => new SheetRowTooLong(line)),
    parse({ ignoreEmpty: true }),
    () => undefined, // a failure reaches the loop below
  );
  let rowNumber = 0;
  try {
    for await (const values of parser) {
      rowNumber += 1;
      const cells = (values as string[]).map((text, i) =>
        i === 0 && rowNumber === 1 ? text.replace(/^\uFEFF/, '') : text,
      );
      const formulas = cells.flatMap((text, i) => (text.startsWith('=') ? [i] : []));
      yield {
        sheet: CSV_SHEET_NAME,
        row: rowNumber,
        cells: cells.map((c) => (c === '' ? null : c)),
        formulas,
      };
    }
  } catch (error) {
    if (error instanceof SheetRowTooLong) throw error;
    throw new UnreadableSheet(rowNumber + 1);
  } finally {
    parser.destroy();
  }
}

export interface SheetLimits {
  /** The longest CSV record, in bytes. */
  readonly maxRowBytes: number;
  /** The most rows after the heading row (blank rows of a workbook are not rows). */
  readonly maxRows: number;
}

/**
 * The rows of a stored spreadsheet's first sheet, one at a time (never the whole file in memory):
 * an xlsx through exceljs's streaming reader (loaded on first use), a CSV through a CSV parser
 * with no record longer than `maxRowBytes`; past `maxRows` rows after the headings it throws
 * TooManySheetRows. Check an xlsx with `checkStoredZip` first.
 */
export async function* sheetRows(
  storage: FileStorage,
  key: string,
  format: SheetFormat,
  limits: SheetLimits,
): AsyncGenerator<SheetRow> {
  const content = storage.open(key);
  let count = 0;
  try {
    for await (const row of format === 'xlsx' ? xlsxRows(content) : csvRows(content, limits.maxRowBytes)) {
      if (count > limits.maxRows) throw new TooManySheetRows(limits.maxRows);
      count += 1;
      yield row;
    }
  } finally {
    content.destroy();
  }
}

/** The kind of spreadsheet the first bytes say: a zip (xlsx) or text (CSV: no NUL byte). */
export function spreadsheetKind(head: Uint8Array): SheetFormat | 'undecided' | null {
  if (head.length === 0) return 'undecided';
  if (head[0] === 0x50) {
    if (head.length < 4) return 'undecided';
    if (head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'xlsx';
  }
  return head.subarray(0, 512).includes(0) ? null : 'csv';
}
