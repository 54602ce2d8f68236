import type { BusinessMonth } from '@portal/contracts';
import { cellText, type ImportCell } from './sheet';

/** PlannedHours.xlsx's further columns the import reads past: plan against actual, and the totals. */
const READ_PAST = /^(actual|difference) |^total (planned|actual|difference)$|^plan status$/i;
/** The export's last row. */
export const TOTAL_HOURS_ROW = 'total hours';

/** A month heading as the export writes it (01-MM-YYYY), or as a date cell shows it (YYYY-MM-01). */
export function monthOfHeading(heading: string): BusinessMonth | null {
  const exported = /^01-(\d{2})-(\d{4})$/.exec(heading.trim());
  const dated = /^(\d{4})-(\d{2})-01$/.exec(heading.trim());
  const [year, month] = exported ? [exported[2], exported[1]] : dated ? [dated[1], dated[2]] : [null, null];
  if (!year || !month || Number(month) < 1 || Number(month) > 12) return null;
  return `${year}-${month}` as BusinessMonth;
}

/** What a heading beyond Name is: a month (data), the export's own comparison columns (read past), or unknown. */
export function plannedHoursHeading(heading: string): 'data' | 'ignore' | 'unknown' {
  if (monthOfHeading(heading) !== null) return 'data';
  return READ_PAST.test(heading.trim()) ? 'ignore' : 'unknown';
}

/**
 * A cell's planned hours as the save takes them: a number as it is (the rule checks it), whole
 * digits in text as their number, blank or 0 as nothing planned (the export writes a blank cell
 * as 0); anything else undefined (refused).
 */
export function plannedHoursOfCell(cell: ImportCell): number | null | undefined {
  if (typeof cell === 'number') return cell === 0 ? null : cell;
  const text = cellText(cell);
  if (text === null) return null;
  if (!/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value === 0 ? null : value;
}
