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
import { DataTable, LEDGER_TABLE, type TableContent } from '../../../ui/data-table';
import { expenseColumns } from '../../../ui/expenses/expense-columns';
import type { SavedListProps } from '../../../ui/saved-rows-table';
import { rowStateColumn } from '../../../ui/row-state-badge';
import { timesheetColumns } from '../../../ui/timesheets/timesheet-columns';

/** Rows the person may still change here: entered, or returned to them by an admin. */
export function isEditable(row: { readonly state: RowState }): boolean {
  return row.state === 'entered' || row.state === 'returned';
}

/** A row the person verifies: its state, and what its Edit button names. */
interface VerifyRow {
  readonly id: string;
  readonly state: RowState;
  readonly returnReason: string | null;
}

interface VerifyTableProps<T extends VerifyRow> extends TableContent<T> {
  /** Completes the Edit button's name: 'Edit {editName(row)}'. */
  readonly editName: (row: T) => string;
  readonly onEdit: (row: T) => void;
}

/** A table of the selection: by date, with totals, each row's status and Edit while it may change. */
function VerifyTable<T extends VerifyRow>({ columns, editName, onEdit, ...content }: VerifyTableProps<T>) {
  return (
    <DataTable
      {...content}
      {...LEDGER_TABLE}
      columns={[...columns, rowStateColumn<T>('status', 'Status')]}
      actions={{
        header: 'Actions',
        render: (row) =>
          isEditable(row) ? (
            <Button variant="secondary" aria-label={`Edit ${editName(row)}`} onPress={() => onEdit(row)}>
              Edit
            </Button>
          ) : null,
      }}
    />
  );
}

type TableProps<L, R> = Omit<SavedListProps<L, R>, 'onDelete'>;

/** The contractor's timesheet of the selection, with its totals (from the API). */
export function VerifyTimeTable({ list, ...wiring }: TableProps<TimesheetList, TimesheetRow>) {
  return (
    <VerifyTable
      {...wiring}
      label="Contractor timesheet"
      what="timesheets"
      rows={list?.rows}
      columns={timesheetColumns(list, {
        withProject: false,
        withSubProject: list?.rows.some((row) => row.subProjectId !== null) ?? false,
      })}
      empty={msg.recordsNotFound}
      emptyAction={<span>No time on this project in the selection. Add it on the Timesheets screen.</span>}
      editName={(row) => `time on ${formatTableDate(row.date)}`}
    />
  );
}

/** The expenses of the selection, with the claimed total (from the API). */
export function VerifyExpenseTable({ list, ...wiring }: TableProps<ExpenseList, ExpenseRow>) {
  return (
    <VerifyTable
      {...wiring}
      label="Expenses"
      what="expenses"
      rows={list?.rows}
      columns={expenseColumns(list, { withProject: false })}
      empty="No expenses in this selection."
      emptyAction={<span>Claim expenses on the Expenses screen.</span>}
      editName={(row) => `expense ${row.categoryName} on ${formatTableDate(row.date)}`}
    />
  );
}
