import { auditValueText, type AuditChange, type AuditEntryView } from '@portal/contracts';
import { excelId, excelNumber } from '../../../platform/files/excel-number';

/**
 * The typed cells of an audit xlsx line (the CSV writes the same values as text): 'When (UTC)' an
 * Excel date-time (UTC: the serial of the instant's UTC wall clock), the ids numbers when they are
 * whole numbers ('6'; a period '7-2025-01' or a uuid stays text), and a change's before and after
 * numbers when they are numbers in the event or decimal amounts (money, hours, rates; converted
 * exactly from their decimal text, shown with its decimals). Anything else is text.
 */
export type AuditXlsxCell = string | number | Date | { readonly value: number; readonly numFmt: string };

/** The number format of 'When (UTC)': a date-time to the millisecond, as the log records it. */
export const AUDIT_WHEN_FORMAT = 'yyyy-mm-dd hh:mm:ss.000';

/** Change fields whose values are decimal strings (docs/events.md): amounts, hours and rates. */
export const AUDIT_DECIMAL_FIELDS: ReadonlySet<string> = new Set([
  'amount',
  'totalAmount',
  'claimed',
  'rate',
  'hours',
  'overtimeHours',
  'toaValue',
  'poValue',
  'perUsd',
  'cost',
]);

/** The columns of the head ('Actor id', 'Person id', 'Entity id') that hold ids. */
const ID_COLUMNS: ReadonlySet<number> = new Set([2, 4, 6]);

function valueCell(entry: AuditEntryView, change: AuditChange, value: unknown): AuditXlsxCell {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  // Exchange rates: the field is the currency, every value a rate.
  const decimal = AUDIT_DECIMAL_FIELDS.has(change.field) || entry.entityKind === 'exchange-rates';
  if (decimal && typeof value === 'string') return excelNumber(value) ?? value;
  return auditValueText(value);
}

/**
 * An entry's xlsx lines: the lines of `exportLines`, typed; `head` is the text of the cells before
 * 'Field' (the CSV's), its first the instant.
 */
export function xlsxLines(entry: AuditEntryView, head: readonly string[]): AuditXlsxCell[][] {
  const typed = head.map((text, i): AuditXlsxCell => {
    if (i === 0) return new Date(text);
    return ID_COLUMNS.has(i) ? (excelId(text) ?? text) : text;
  });
  if (entry.changes.length === 0) return [[...typed, '', '', '']];
  return entry.changes.map((c) => [
    ...typed,
    c.field,
    valueCell(entry, c, c.before),
    valueCell(entry, c, c.after),
  ]);
}
