import { addDays, type BusinessDate, type ReportFilter } from '@portal/contracts';

/** The columns of the report's dataset table that the selection filters. */
export const TIMESHEET_REPORT_COLUMNS = {
  project: 'ProjectId',
  employee: 'EmployeeId',
  date: 'Date',
} as const;

export interface TimesheetReportSelection {
  readonly projectId: number;
  readonly employeeId: number;
  readonly start: BusinessDate;
  readonly end: BusinessDate;
}

/**
 * The Download Timesheet selection as Power BI report filters on `table`: the project, the person
 * and the days [start, end]. They narrow what the report shows; which rows the person may see at
 * all is the embed token's row-level identity, not these (a filter can be changed in the browser).
 */
export function timesheetReportFilters(table: string, selection: TimesheetReportSelection): ReportFilter[] {
  const basic = (column: string, value: number): ReportFilter => ({
    $schema: 'http://powerbi.com/product/schema#basic',
    target: { table, column },
    filterType: 1,
    operator: 'In',
    values: [value],
  });
  return [
    basic(TIMESHEET_REPORT_COLUMNS.project, selection.projectId),
    basic(TIMESHEET_REPORT_COLUMNS.employee, selection.employeeId),
    {
      $schema: 'http://powerbi.com/product/schema#advanced',
      target: { table, column: TIMESHEET_REPORT_COLUMNS.date },
      filterType: 0,
      logicalOperator: 'And',
      conditions: [
        { operator: 'GreaterThanOrEqual', value: `${selection.start}T00:00:00` },
        { operator: 'LessThan', value: `${addDays(selection.end, 1)}T00:00:00` },
      ],
    },
  ];
}
