import { type TimesheetList, type TimesheetRow, timesheetMessages as msg } from '@portal/contracts';
import { formatDecimal, formatTableDate } from '../../../lib/format';
import { type DataColumn, dateColumn, decimalColumn } from '../../../ui/data-table';
import type { LoadState } from '../../../ui/query-state';
import { SavedRowsTable } from '../../../ui/saved-rows-table';

export interface TimesheetTableProps {
  readonly list: TimesheetList | undefined;
  readonly load: LoadState;
  /** Names the list shown (period, project): a new one starts on page 1. */
  readonly listKey: string;
  readonly onEdit: (row: TimesheetRow) => void;
  readonly onDelete: (row: TimesheetRow) => void;
}

function columnsOf(list: TimesheetList | undefined): DataColumn<TimesheetRow>[] {
  const showOvertime = list?.showOvertime ?? false;
  return [
    dateColumn('date', 'Date', (row) => row.date, { isRowHeader: true }),
    { id: 'project', header: 'Project', sort: 'text', text: (row) => row.projectName },
    { id: 'subProject', header: 'Sub-project', sort: 'text', text: (row) => row.subProjectName ?? '' },
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
    ...(showOvertime
      ? [
          decimalColumn<TimesheetRow>('overtime', 'Overtime', (row) => row.overtimeHours, 0, {
            total: list ? formatDecimal(list.totals.overtimeHours) : undefined,
          }),
        ]
      : []),
    decimalColumn('value', 'Value', (row) => row.value, 2, {
      total: list ? formatDecimal(list.totals.value, 2) : undefined,
    }),
  ];
}

/** The saved rows with totals from the API (never added up here). */
export function TimesheetTable({ list, load, listKey, onEdit, onDelete }: TimesheetTableProps) {
  return (
    <SavedRowsTable
      label="Saved timesheets"
      what="timesheets"
      rows={list?.rows}
      load={load}
      listKey={listKey}
      columns={columnsOf(list)}
      emptyText={msg.recordsNotFound}
      emptyAction={<span>Add time with the form above, or choose another period or project.</span>}
      actionsHeader="Actions"
      approvedLabel={msg.approvedLabel}
      describe={(row) => `${row.projectName} on ${formatTableDate(row.date)}`}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}
