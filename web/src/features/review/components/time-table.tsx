import type { ReviewPagePerson, ReviewTimeRow } from '@portal/contracts';
import { formatDecimal } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { DataTable, dateColumn, decimalColumn, type DataColumn } from '../../../ui/data-table';
import { StateBadge, stateText } from './state-badge';

export interface TimeTableProps {
  readonly person: ReviewPagePerson;
  readonly rows: readonly ReviewTimeRow[];
  readonly showOvertime: boolean;
  readonly selected: ReadonlySet<string>;
  readonly onSelect: (ids: Set<string>) => void;
  readonly onEdit: (row: ReviewTimeRow) => void;
  readonly listKey: string;
}

const projectText = (row: ReviewTimeRow) =>
  row.subProjectName ? `${row.projectName} / ${row.subProjectName}` : row.projectName;

/** One person's time in the filter: each row's state, the admin's edit, rows chosen to return. */
export function TimeTable({
  person,
  rows,
  showOvertime,
  selected,
  onSelect,
  onEdit,
  listKey,
}: TimeTableProps) {
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
    {
      id: 'state',
      header: 'State',
      sort: 'text',
      text: (row) => stateText(row.state, row.returnReason),
      cell: (row) => <StateBadge state={row.state} reason={row.returnReason} />,
    },
  ];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (
    <DataTable
      label={`Time of ${person.employeeName}`}
      what="time entries"
      rows={rows}
      rowKey={(row) => row.id}
      columns={columns}
      defaultSort={{ column: 'date', direction: 'ascending' }}
      totalsLabel="Total"
      listKey={listKey}
      empty={`${person.employeeName} has no time in this selection.`}
      selection={{
        selected,
        onChange: onSelect,
        rowName: (key) => {
          const row = byId.get(key);
          return row ? `time on ${row.date}, ${projectText(row)}` : key;
        },
      }}
      actions={{
        header: 'Actions',
        render: (row) =>
          row.state === 'approved' ? (
            <span className="muted">Final</span>
          ) : (
            <Button
              variant="secondary"
              aria-label={`Edit time on ${row.date}, ${projectText(row)}`}
              onPress={() => onEdit(row)}
            >
              Edit
            </Button>
          ),
      }}
    />
  );
}
