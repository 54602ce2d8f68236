import {
  type ExpenseList,
  type ExpenseRow,
  type RowState,
  type TimesheetList,
  type TimesheetRow,
  timesheetMessages as msg,
} from '@portal/contracts';
import { formatTableDate } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { type DataColumn, DataTable } from '../../../ui/data-table';
import { expenseColumns } from '../../../ui/expenses/expense-columns';
import type { LoadState } from '../../../ui/query-state';
import { RowStateBadge, rowStateText } from '../../../ui/row-state-badge';
import { timesheetColumns } from '../../../ui/timesheets/timesheet-columns';

/** Rows the person may still change here: entered, or returned to them by an admin. */
export function isEditable(row: { readonly state: RowState }): boolean {
  return row.state === 'entered' || row.state === 'returned';
}

function statusColumn<T extends { state: RowState; returnReason: string | null }>(): DataColumn<T> {
  return {
    id: 'status',
    header: 'Status',
    sort: 'text',
    text: (row) => rowStateText(row.state, row.returnReason),
    cell: (row) => <RowStateBadge state={row.state} returnReason={row.returnReason} />,
  };
}

/** Edit for rows not yet verified; a verified or approved row has no action (its status says why). */
function EditAction({ what, row, onEdit }: { what: string; row: { state: RowState }; onEdit: () => void }) {
  if (!isEditable(row)) return null;
  return (
    <Button variant="secondary" aria-label={`Edit ${what}`} onPress={onEdit}>
      Edit
    </Button>
  );
}

interface TableProps<L, R> {
  readonly list: L | undefined;
  readonly load: LoadState;
  readonly listKey: string;
  readonly onEdit: (row: R) => void;
}

/** The contractor's timesheet of the selection, with its totals (from the API). */
export function VerifyTimeTable({ list, load, listKey, onEdit }: TableProps<TimesheetList, TimesheetRow>) {
  return (
    <DataTable
      label="Contractor timesheet"
      what="timesheets"
      rows={list?.rows}
      load={load}
      listKey={listKey}
      rowKey={(row) => row.id}
      columns={[
        ...timesheetColumns(list, {
          withProject: false,
          withSubProject: list?.rows.some((row) => row.subProjectId !== null) ?? false,
        }),
        statusColumn<TimesheetRow>(),
      ]}
      defaultSort={{ column: 'date', direction: 'ascending' }}
      totalsLabel="Total"
      empty={msg.recordsNotFound}
      emptyAction={<span>No time on this project in the selection. Add it on the Timesheets screen.</span>}
      actions={{
        header: 'Actions',
        render: (row) => (
          <EditAction what={`time on ${formatTableDate(row.date)}`} row={row} onEdit={() => onEdit(row)} />
        ),
      }}
    />
  );
}

/** The expenses of the selection, with the claimed total (from the API). */
export function VerifyExpenseTable({ list, load, listKey, onEdit }: TableProps<ExpenseList, ExpenseRow>) {
  return (
    <DataTable
      label="Expenses"
      what="expenses"
      rows={list?.rows}
      load={load}
      listKey={listKey}
      rowKey={(row) => row.id}
      columns={[...expenseColumns(list, { withProject: false }), statusColumn<ExpenseRow>()]}
      defaultSort={{ column: 'date', direction: 'ascending' }}
      totalsLabel="Total"
      empty="No expenses in this selection."
      emptyAction={<span>Claim expenses on the Expenses screen.</span>}
      actions={{
        header: 'Actions',
        render: (row) => (
          <EditAction
            what={`expense ${row.categoryName} on ${formatTableDate(row.date)}`}
            row={row}
            onEdit={() => onEdit(row)}
          />
        ),
      }}
    />
  );
}
