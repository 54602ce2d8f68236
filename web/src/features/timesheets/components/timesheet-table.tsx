import { type TimesheetList, type TimesheetRow, timesheetMessages as msg } from '@portal/contracts';
import { formatTableDate } from '../../../lib/format';
import type { LoadState } from '../../../ui/query-state';
import { SavedRowsTable } from '../../../ui/saved-rows-table';
import { timesheetColumns } from '../../../ui/timesheets/timesheet-columns';

export interface TimesheetTableProps {
  readonly list: TimesheetList | undefined;
  readonly load: LoadState;
  /** Names the list shown (period, project): a new one starts on page 1. */
  readonly listKey: string;
  readonly onEdit: (row: TimesheetRow) => void;
  readonly onDelete: (row: TimesheetRow) => void;
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
      columns={timesheetColumns(list, { withProject: true, withSubProject: true })}
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
