import {
  AUDIT_ENTITY_KIND_LABELS,
  auditValueText,
  type AuditEntryView,
  type AuditExportFormat,
  type AuditFilters,
  localDateTimeIn,
} from '@portal/contracts';
import type ExcelJS from 'exceljs';
import { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { csvCell } from '../../../platform/files/csv-cell';
import { loadExcelJs } from '../../../platform/files/exceljs';
import { drained } from '../../../platform/http/file-download';
import { GarbageBound } from '../../../platform/http/garbage-bound';
import { AUDIT_WHEN_FORMAT, xlsxLines, type AuditXlsxCell } from './audit-xlsx-cells';

/** The columns of the export: one line per changed field of an entry (an entry with none: one line). */
export const AUDIT_EXPORT_HEADERS = [
  'When (UTC)',
  'Actor',
  'Actor id',
  'On behalf of',
  'Person id',
  'Entity kind',
  'Entity id',
  'Command',
  'Event type',
  'Reason',
  'Field',
  'Before',
  'After',
] as const;

const FILTER_LABELS: Readonly<Record<keyof AuditFilters, string>> = {
  person: 'Person',
  entityKind: 'Entity kind',
  entityId: 'Entity id',
  actor: 'Actor',
  type: 'Event type',
  from: 'From',
  to: 'To',
};

/** The first rows: what was searched ('any' for a filter left empty). */
export function filterLines(filters: AuditFilters): string[][] {
  const lines: string[][] = [['Audit export']];
  for (const key of Object.keys(FILTER_LABELS) as (keyof AuditFilters)[]) {
    const value = filters[key];
    const shown =
      value === null
        ? 'any'
        : key === 'entityKind'
          ? `${AUDIT_ENTITY_KIND_LABELS[filters.entityKind!]} (${value})`
          : String(value);
    lines.push([FILTER_LABELS[key], shown]);
  }
  lines.push([]);
  return lines;
}

/** The cells every line of an entry starts with (the columns before 'Field'). */
function headCells(entry: AuditEntryView): string[] {
  return [
    entry.occurredAt,
    entry.actorName,
    entry.actorId,
    entry.subjectPersonName ?? '',
    entry.subjectPersonId === null ? '' : String(entry.subjectPersonId),
    entry.entityKind,
    entry.entityId,
    entry.command,
    entry.eventType,
    entry.reason ?? '',
  ];
}

export function exportLines(entry: AuditEntryView): string[][] {
  const head = headCells(entry);
  if (entry.changes.length === 0) return [[...head, '', '', '']];
  return entry.changes.map((c) => [...head, c.field, auditValueText(c.before), auditValueText(c.after)]);
}

/**
 * An entry's CSV lines, the same cells as `exportLines`: the head is quoted and joined once for
 * all its changes, so that a million-event export makes a third of the garbage.
 */
function csvLines(entry: AuditEntryView): string {
  const head = headCells(entry).map(csvCell).join(',');
  if (entry.changes.length === 0) return `${head},,,\r\n`;
  let text = '';
  for (const c of entry.changes)
    text += `${head},${csvCell(c.field)},${csvCell(auditValueText(c.before))},${csvCell(auditValueText(c.after))}\r\n`;
  return text;
}

/** 'Audit-2026-11-23T20-00-05.csv': the moment of the export on the wall clock of the reader's owner. */
export function auditExportFileName(format: AuditExportFormat, at: Date, timeZone: string): string {
  return `Audit-${localDateTimeIn(at, timeZone).replace(/:/g, '-')}.${format}`;
}

/** Characters of CSV text handed to `out` at once (below V8's large-object size of 128 KB). */
const CSV_PIECE_CHARS = 16 * 1024;

async function writeCsv(
  filters: AuditFilters,
  pages: AsyncIterable<readonly AuditEntryView[]>,
  out: Writable,
) {
  const line = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;
  out.write('\ufeff');
  for (const cells of filterLines(filters)) out.write(line(cells));
  out.write(line(AUDIT_EXPORT_HEADERS));
  const garbage = new GarbageBound();
  for await (const page of pages) {
    garbage.check();
    // Written in pieces of about CSV_PIECE_CHARS: a page's text as one string (hundreds of KB)
    // would be allocated outside V8's young generation, where only a full collection frees it.
    let piece = '';
    for (const entry of page) {
      piece += csvLines(entry);
      if (piece.length >= CSV_PIECE_CHARS) {
        out.write(piece);
        piece = '';
      }
    }
    if (piece) out.write(piece);
    await drained(out);
    if (out.destroyed) throw new Error('The output closed before the export was complete');
  }
  out.end();
}

/** Excel's limit: rows per sheet (a search with more lines goes on to further sheets). */
export const XLSX_SHEET_ROWS = 1_048_576;
const SHEET_NAME = 'Audit';
/** Rows written between two waits on the zip and the response. */
const SETTLE_ROWS = 256;
/** Waits of 10 ms for the zip to take a new sheet's entry (a minute in all). */
const ZIP_TAKE_TRIES = 6000;
const COLUMN_WIDTHS = [22, 22, 10, 22, 10, 16, 38, 26, 24, 28, 22, 28, 28];

/** The sheet's name: 'Audit', then 'Audit (2)', 'Audit (3)'... */
export function auditSheetName(index: number): string {
  return index === 1 ? SHEET_NAME : `${SHEET_NAME} (${index})`;
}

/** What exceljs pipes a sheet into: the zip's stream (readable-stream 2, without `writableNeedDrain`). */
export interface ZipInput extends EventEmitter {
  readonly _writableState: { readonly needDrain: boolean };
}

function isZipInput(value: unknown): value is ZipInput {
  const state = (value as { _writableState?: { needDrain?: unknown } } | null)?._writableState;
  return value instanceof EventEmitter && typeof state?.needDrain === 'boolean';
}

/**
 * exceljs's sheet stream hands its 64 KB blocks to the zip entry's input without heeding
 * backpressure, so rows written faster than they are compressed and sent would pile up there
 * (the export then grows to the size of the file): the writer waits on that input as well as on
 * `out`. Null if exceljs ever changes that shape (a unit test says so: audit-export.spec.ts).
 */
export function sheetZipInput(sheet: ExcelJS.Worksheet): ZipInput | null {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown } }).stream;
  const first = Array.isArray(stream?.pipes) ? (stream.pipes[0] as unknown) : null;
  return isZipInput(first) ? first : null;
}

/** Resolves once the zip took what the sheet wrote, or `out` closed (a client gone stops the zip). */
function zipDrained(input: ZipInput, out: Writable): Promise<void> {
  if (!input._writableState.needDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      input.off('drain', done);
      out.off('close', done);
      resolve();
    };
    input.on('drain', done);
    out.on('close', done);
  });
}

/** A line of typed cells: a number with its own format (an amount) gets that format. */
function addTyped(sheet: ExcelJS.Worksheet, cells: readonly AuditXlsxCell[]): void {
  const row = sheet.addRow(
    cells.map((cell) => (typeof cell === 'object' && !(cell instanceof Date) ? cell.value : cell)),
  );
  cells.forEach((cell, i) => {
    if (typeof cell === 'object' && !(cell instanceof Date)) row.getCell(i + 1).numFmt = cell.numFmt;
  });
  row.commit();
}

async function writeXlsx(
  filters: AuditFilters,
  pages: AsyncIterable<readonly AuditEntryView[]>,
  out: Writable,
  sheetRows: number,
) {
  // Loaded here: a CSV export (and a process that only writes CSV) does without exceljs.
  const Excel = await loadExcelJs();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  let sheets = 0;
  let rows = 0;
  let sheet!: ExcelJS.Worksheet;
  const bold = (cells: readonly string[]) => {
    const row = sheet.addRow([...cells]);
    row.font = { bold: true };
    row.commit();
    rows += 1;
  };
  const newSheet = () => {
    if (sheets > 0) sheet.commit();
    sheets += 1;
    sheet = workbook.addWorksheet(auditSheetName(sheets));
    sheet.columns = COLUMN_WIDTHS.map((width, i) =>
      i === 0 ? { width, style: { numFmt: AUDIT_WHEN_FORMAT } } : { width },
    );
    rows = 0;
  };
  newSheet();
  for (const cells of filterLines(filters)) {
    if (cells.length === 1) bold(cells);
    else {
      sheet.addRow(cells).commit();
      rows += 1;
    }
  }
  bold(AUDIT_EXPORT_HEADERS);
  const garbage = new GarbageBound();
  const settle = async () => {
    garbage.check();
    let zipInput = sheetZipInput(sheet);
    // A new sheet's rows are held until the zip has sent the previous sheet and takes this one:
    // wait for that too (bounded: were it never taken, the writer goes on as without the wait).
    for (let tries = 0; !zipInput && !out.destroyed && tries < ZIP_TAKE_TRIES; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      zipInput = sheetZipInput(sheet);
    }
    if (zipInput) await zipDrained(zipInput, out);
    await drained(out);
    if (out.destroyed) throw new Error('The output closed before the export was complete');
  };
  for await (const page of pages) {
    for (const entry of page)
      for (const cells of xlsxLines(entry, headCells(entry))) {
        if (rows === sheetRows) {
          newSheet();
          bold(AUDIT_EXPORT_HEADERS);
        }
        addTyped(sheet, cells);
        rows += 1;
        // A page of entries with many changed fields is thousands of rows: wait within it too.
        if (rows % SETTLE_ROWS === 0) await settle();
      }
    await settle();
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * Writes the export to `out` page by page, waiting while `out` is backed up; ends `out`. An xlsx
 * sheet holds `sheetRows` rows at most (Excel's limit); the lines go on to a further sheet that
 * starts with the header again.
 */
export function writeAuditExport(
  format: AuditExportFormat,
  filters: AuditFilters,
  pages: AsyncIterable<readonly AuditEntryView[]>,
  out: Writable,
  sheetRows = XLSX_SHEET_ROWS,
): Promise<void> {
  return format === 'csv' ? writeCsv(filters, pages, out) : writeXlsx(filters, pages, out, sheetRows);
}
