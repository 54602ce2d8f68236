import {
  AUDIT_ENTITY_KIND_LABELS,
  auditValueText,
  type AuditEntryView,
  type AuditExportFormat,
  type AuditFilters,
} from '@portal/contracts';
import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { drained } from '../../../platform/http/file-download';

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

export function exportLines(entry: AuditEntryView): string[][] {
  const head = [
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
  if (entry.changes.length === 0) return [[...head, '', '', '']];
  return entry.changes.map((c) => [...head, c.field, auditValueText(c.before), auditValueText(c.after)]);
}

export function auditExportFileName(format: AuditExportFormat, at: Date): string {
  return `Audit-${at.toISOString().slice(0, 19).replace(/:/g, '-')}.${format}`;
}

/** A CSV cell: quoted when needed; a formula-looking text gets a leading quote (no spreadsheet injection). */
export function csvCell(value: string): string {
  const safe = /^[=+@\t\r]/.test(value) || /^-[^0-9]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

async function writeCsv(
  filters: AuditFilters,
  pages: AsyncIterable<readonly AuditEntryView[]>,
  out: Writable,
) {
  const line = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;
  out.write('\ufeff');
  for (const cells of filterLines(filters)) out.write(line(cells));
  out.write(line(AUDIT_EXPORT_HEADERS));
  for await (const page of pages) {
    let chunk = '';
    for (const entry of page) for (const cells of exportLines(entry)) chunk += line(cells);
    out.write(chunk);
    await drained(out);
    if (out.destroyed) throw new Error('The output closed before the export was complete');
  }
  out.end();
}

async function writeXlsx(
  filters: AuditFilters,
  pages: AsyncIterable<readonly AuditEntryView[]>,
  out: Writable,
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Audit');
  sheet.columns = [22, 22, 10, 22, 10, 16, 38, 26, 24, 28, 22, 28, 28].map((width) => ({ width }));
  for (const cells of filterLines(filters)) {
    const r = sheet.addRow(cells);
    if (cells.length === 1) r.font = { bold: true };
    r.commit();
  }
  const header = sheet.addRow([...AUDIT_EXPORT_HEADERS]);
  header.font = { bold: true };
  header.commit();
  for await (const page of pages) {
    for (const entry of page) for (const cells of exportLines(entry)) sheet.addRow(cells).commit();
    await drained(out);
    if (out.destroyed) throw new Error('The output closed before the export was complete');
  }
  sheet.commit();
  await workbook.commit();
}

/** Writes the export to `out` page by page, waiting while `out` is backed up; ends `out`. */
export function writeAuditExport(
  format: AuditExportFormat,
  filters: AuditFilters,
  pages: AsyncIterable<readonly AuditEntryView[]>,
  out: Writable,
): Promise<void> {
  return format === 'csv' ? writeCsv(filters, pages, out) : writeXlsx(filters, pages, out);
}
