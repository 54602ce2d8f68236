import { type TimesheetList, type TimesheetRow, timesheetMessages as msg } from '@portal/contracts';
import { formatTableDate } from '../../../lib/format';
import { SavedRowsTable, type SavedListProps } from '../../../ui/saved-rows-table';
import { timesheetColumns } from '../../../ui/timesheets/timesheet-columns';

/** The saved rows with totals from the API (never added up here). */
export function TimesheetTable({ list, ...wiring }: SavedListProps<TimesheetList, TimesheetRow>) {
  return (
    <SavedRowsTable
      {...wiring}
      label="Saved timesheets"
      what="timesheets"
      rows={list?.rows}
      columns={timesheetColumns(list, { withProject: true, withSubProject: true })}
      empty={msg.recordsNotFound}
      emptyAction={<span>Add time with the form above, or choose another period or project.</span>}
      actionsHeader="Actions"
      approvedLabel={msg.approvedLabel}
      describe={(row) => `${row.projectName} on ${formatTableDate(row.date)}`}
    />
  );
}
