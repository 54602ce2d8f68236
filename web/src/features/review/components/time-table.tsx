import type { ReviewPagePerson, ReviewTimeRow } from '@portal/contracts';
import { formatDecimal } from '../../../lib/format';
import { dateColumn, decimalColumn, type DataColumn } from '../../../ui/data-table';
import { ReviewTable, type ReviewTableWiring } from './review-table';

export interface TimeTableProps extends ReviewTableWiring<ReviewTimeRow> {
  readonly person: ReviewPagePerson;
  readonly showOvertime: boolean;
}

const projectText = (row: ReviewTimeRow) =>
  row.subProjectName ? `${row.projectName} / ${row.subProjectName}` : row.projectName;
const rowName = (row: ReviewTimeRow) => `time on ${row.date}, ${projectText(row)}`;

/** One person's time in the filter: each row's state, the admin's edit, rows chosen to return. */
export function TimeTable({ person, showOvertime, ...wiring }: TimeTableProps) {
  const columns: DataColumn<ReviewTimeRow>[] = [
    dateColumn('date', 'Date', (row) => row.date, { isRowHeader: true }),
    { id: 'project', header: 'Project', sort: 'text', text: projectText },
    { id: 'activity', header: 'Activity', sort: 'text', text: (row) => row.comment },
    decimalColumn('hours', 'Hours', (row) => row.hours, 0, { total: formatDecimal(person.hours) }),
    ...(showOvertime
      ? [
          decimalColumn('overtime', 'Overtime', (row: ReviewTimeRow) => row.overtimeHours, 0, {
            total: formatDecimal(person.overtimeHours),
          }),
        ]
      : []),
    decimalColumn('value', 'Amount', (row) => row.value, 2, {
      total: formatDecimal(person.timesheetValue, 2),
    }),
  ];
  return (
    <ReviewTable
      {...wiring}
      historyKind="timesheet-entry"
      label={`Time of ${person.employeeName}`}
      what="time entries"
      columns={columns}
      empty={`${person.employeeName} has no time in this selection.`}
      rowName={rowName}
    />
  );
}
