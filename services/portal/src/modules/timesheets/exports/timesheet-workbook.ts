import {
  daysBetween,
  isBillableDownloadType,
  isOvertimeDownloadType,
  sumDecimals,
  sumMoney,
  timesheetFieldLabels,
  type BillingCycle,
  type BusinessDate,
  type TimesheetDownloadType,
} from '@portal/contracts';
import { loadExcelJs } from '../../../platform/files/exceljs';
import type { Writable } from 'node:stream';
import type { TimesheetExportRow } from './timesheet-export-rows';

/**
 * The Download Timesheet file: a header block (person, project, period, its days, billing cycle,
 * type), a blank line, the column headings, one line per entry, and the total. The OT types add
 * an Overtime column; the biweekly one a subtotal after each fortnight counted from the first day;
 * the internal (non-billable) type leaves out the Value column. Umbrella time shows its sub-project.
 */

export interface TimesheetFileHeader {
  readonly person: string;
  readonly project: string;
  /** 'Nov - 2026' when the days are a period of the project's cycle, else '2026-11-02 to 2026-11-20'. */
  readonly period: string;
  readonly start: BusinessDate;
  readonly end: BusinessDate;
  readonly cycle: BillingCycle;
  readonly type: TimesheetDownloadType;
}

type Cell = string | number | { readonly date: BusinessDate } | null;

export interface SheetLine {
  readonly kind: 'header' | 'blank' | 'headings' | 'entry' | 'subtotal' | 'total';
  readonly cells: readonly Cell[];
}

export const HEADER_LABELS = ['Person', 'Project', 'Period', 'From', 'To', 'Billing cycle', 'Type'] as const;
export const TOTAL_LABEL = 'Total';
const BIWEEKLY_DAYS = 14;

type Column = 'date' | 'subProject' | 'activity' | 'hours' | 'overtime' | 'value';

const HEADINGS: Readonly<Record<Column, string>> = {
  date: 'Date',
  subProject: timesheetFieldLabels.subProjectId,
  activity: timesheetFieldLabels.comment,
  hours: 'Hours',
  overtime: 'Overtime',
  value: 'Value',
};

function columnsOf(type: TimesheetDownloadType, withSubProject: boolean): Column[] {
  return [
    'date',
    ...(withSubProject ? (['subProject'] as const) : []),
    'activity',
    'hours',
    ...(isOvertimeDownloadType(type) ? (['overtime'] as const) : []),
    ...(isBillableDownloadType(type) ? (['value'] as const) : []),
  ];
}

/** A sum line: the label under the first column, the sums under hours, overtime and value. */
function sumCells(columns: readonly Column[], label: string, rows: readonly TimesheetExportRow[]): Cell[] {
  return columns.map((column): Cell => {
    if (column === 'date') return label;
    if (column === 'hours') return Number(sumDecimals(rows.map((r) => r.hours)));
    if (column === 'overtime')
      return Number(sumDecimals(rows.flatMap((r) => (r.overtimeHours === null ? [] : [r.overtimeHours]))));
    if (column === 'value') return Number(sumMoney(rows.map((r) => r.value)));
    return null;
  });
}

function entryCells(columns: readonly Column[], row: TimesheetExportRow): Cell[] {
  return columns.map((column): Cell => {
    switch (column) {
      case 'date':
        return { date: row.date };
      case 'subProject':
        return row.subProjectName ?? '';
      case 'activity':
        return row.activity;
      case 'hours':
        return Number(row.hours);
      case 'overtime':
        return row.overtimeHours === null ? null : Number(row.overtimeHours);
      case 'value':
        return Number(row.value);
    }
  });
}

/** The lines of the sheet, in order (pure: the writer only formats them). */
export function timesheetSheetLines(
  header: TimesheetFileHeader,
  rows: readonly TimesheetExportRow[],
  withSubProject: boolean,
): SheetLine[] {
  const values = [
    header.person,
    header.project,
    header.period,
    header.start,
    header.end,
    header.cycle,
    header.type,
  ];
  const lines: SheetLine[] = HEADER_LABELS.map((label, i) => ({ kind: 'header', cells: [label, values[i]] }));
  const columns = columnsOf(header.type, withSubProject);
  lines.push({ kind: 'blank', cells: [] }, { kind: 'headings', cells: columns.map((c) => HEADINGS[c]) });
  if (header.type === 'OT Timesheet - Biweekly') {
    const days = daysBetween(header.start, header.end);
    for (let i = 0; i < days.length; i += BIWEEKLY_DAYS) {
      const [first, last] = [days[i], days[Math.min(i + BIWEEKLY_DAYS, days.length) - 1]];
      const inBlock = rows.filter((r) => r.date >= first && r.date <= last);
      for (const row of inBlock) lines.push({ kind: 'entry', cells: entryCells(columns, row) });
      lines.push({ kind: 'subtotal', cells: sumCells(columns, `Subtotal ${first} to ${last}`, inBlock) });
    }
  } else {
    for (const row of rows) lines.push({ kind: 'entry', cells: entryCells(columns, row) });
  }
  lines.push({ kind: 'total', cells: sumCells(columns, TOTAL_LABEL, rows) });
  return lines;
}

const DATE_FORMAT = 'yyyy-mm-dd';
const MONEY_FORMAT = '#,##0.00';

/**
 * Streams the lines to `out` as an .xlsx (exceljs's WorkbookWriter commits each row as it goes).
 * Dates are date cells, hours, overtime and value number cells (the value with 2 decimals).
 */
export async function writeTimesheetWorkbook(lines: readonly SheetLine[], out: Writable): Promise<void> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const headingsAt = lines.findIndex((l) => l.kind === 'headings') + 1;
  const headings = lines[headingsAt - 1]?.cells ?? [];
  const sheet = workbook.addWorksheet('Timesheet', { views: [{ state: 'frozen', ySplit: headingsAt }] });
  sheet.columns = headings.map((heading) => ({
    width: heading === timesheetFieldLabels.comment ? 40 : heading === 'Date' ? 16 : 14,
  }));
  for (const line of lines) {
    const row = sheet.addRow(
      line.cells.map((cell) =>
        cell !== null && typeof cell === 'object' ? new Date(`${cell.date}T00:00:00.000Z`) : cell,
      ),
    );
    line.cells.forEach((cell, i) => {
      if (cell !== null && typeof cell === 'object') row.getCell(i + 1).numFmt = DATE_FORMAT;
      if (headings[i] === 'Value' && typeof cell === 'number') row.getCell(i + 1).numFmt = MONEY_FORMAT;
    });
    if (line.kind === 'headings' || line.kind === 'subtotal' || line.kind === 'total')
      row.font = { bold: true };
    if (line.kind === 'header') row.getCell(1).font = { bold: true };
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}
