import { type TimesheetList, type TimesheetRow, timesheetMessages as msg } from '@portal/contracts';
import { formatDecimal } from '../../lib/format';
import { type DataColumn, dateColumn, decimalColumn } from '../data-table';

export interface TimesheetColumnOptions {
  /** False where the list is of one project. */
  readonly withProject: boolean;
  /** False where no row names a sub-project (only the umbrella project's rows do). */
  readonly withSubProject: boolean;
}

/** The columns of a person's saved time: the totals from the API (never added up here). */
export function timesheetColumns(
  list: TimesheetList | undefined,
  { withProject, withSubProject }: TimesheetColumnOptions,
): DataColumn<TimesheetRow>[] {
  const columns: DataColumn<TimesheetRow>[] = [
    dateColumn('date', 'Date', (row) => row.date, { isRowHeader: true }),
  ];
  if (withProject)
    columns.push({ id: 'project', header: 'Project', sort: 'text', text: (row) => row.projectName });
  if (withSubProject)
    columns.push({
      id: 'subProject',
      header: 'Sub-project',
      sort: 'text',
      text: (row) => row.subProjectName ?? '',
    });
  columns.push(
    {
      id: 'activity',
      header: 'Activity',
      sort: 'text',
      text: (row) => row.activity,
      cell: (row) =>
        row.activity.trim() ? row.activity : <span className="muted">{msg.emptyActivity}</span>,
    },
    decimalColumn('hours', 'Hours', (row) => row.hours, 0, {
      total: list ? formatDecimal(list.totals.hours) : undefined,
    }),
  );
  if (list?.showOvertime)
    columns.push(
      decimalColumn('overtime', 'Overtime', (row) => row.overtimeHours, 0, {
        total: formatDecimal(list.totals.overtimeHours),
      }),
    );
  columns.push(
    decimalColumn('value', 'Value', (row) => row.value, 2, {
      total: list ? formatDecimal(list.totals.value, 2) : undefined,
    }),
  );
  return columns;
}
