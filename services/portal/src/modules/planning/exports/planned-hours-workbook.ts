import {
  exportMonthHeading,
  planDeviationLabels,
  plannedHoursTotals,
  type PlanComparison,
  type PlannedHoursGrid,
} from '@portal/contracts';
import { loadExcelJs } from '../../../platform/files/exceljs';

/**
 * PlannedHours.xlsx (admin spec §9): the sheet 'Planned Hours' with Name and one column per month
 * headed day-month-year of its first day ('01-01-2025'), a blank cell shown as 0; then, beyond the
 * specs, plan against actual as extra columns: the total planned, the hours recorded and the
 * difference per month, the totals and the plan status; the last row is Total Hours.
 */
export const PLANNED_HOURS_FILE_NAME = 'PlannedHours.xlsx';
export const PLANNED_HOURS_SHEET = 'Planned Hours';
export const TOTAL_HOURS_LABEL = 'Total Hours';

/** The extra columns' headings for a month heading. */
export const actualHeading = (heading: string): string => `Actual ${heading}`;
export const differenceHeading = (heading: string): string => `Difference ${heading}`;

const TOTAL_HEADINGS = ['Total Planned', 'Total Actual', 'Total Difference', 'Plan status'] as const;

type Row = (string | number)[];

/** The sheet's rows: the headings, one per person, Total Hours. Pure, so a spec can read it. */
export function plannedHoursSheetRows(grid: PlannedHoursGrid): Row[] {
  const headings = grid.months.map(exportMonthHeading);
  const totals = plannedHoursTotals(grid.months, grid.people);
  const line = (
    name: string,
    planned: (number | null | undefined)[],
    compare: PlanComparison[],
    total: PlanComparison,
  ): Row => [
    name,
    ...planned.map((value) => value ?? 0),
    ...compare.flatMap((c) => [Number(c.actual), Number(c.difference)]),
    total.planned,
    Number(total.actual),
    Number(total.difference),
    planDeviationLabels[total.deviation],
  ];
  const rows: Row[] = [
    [
      'Name',
      ...headings,
      ...headings.flatMap((h) => [actualHeading(h), differenceHeading(h)]),
      ...TOTAL_HEADINGS,
    ],
  ];
  for (const person of grid.people) {
    rows.push(
      line(
        person.name,
        grid.months.map((m) => person.planned[m]),
        grid.months.map((m) => plannedHoursTotals([m], [person]).project),
        totals.perPerson.get(person.employeeId)!,
      ),
    );
  }
  rows.push(
    line(
      TOTAL_HOURS_LABEL,
      grid.months.map((m) => totals.perMonth[m]!.planned),
      grid.months.map((m) => totals.perMonth[m]!),
      totals.project,
    ),
  );
  return rows;
}

/** The workbook as a file. */
export async function plannedHoursWorkbook(grid: PlannedHoursGrid): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(PLANNED_HOURS_SHEET);
  const rows = plannedHoursSheetRows(grid);
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(rows.length).font = { bold: true };
  sheet.getColumn(1).width = 28;
  sheet.views = [{ state: 'frozen', xSplit: 1, ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
