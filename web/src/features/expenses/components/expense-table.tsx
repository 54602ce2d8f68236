import { type ExpenseList, type ExpenseRow, expenseMessages as msg } from '@portal/contracts';
import { formatTableDate } from '../../../lib/format';
import { expenseColumns } from '../../../ui/expenses/expense-columns';
import { SavedRowsTable } from '../../../ui/saved-rows-table';
import type { LoadState } from '../../../ui/query-state';

export interface ExpenseTableProps {
  readonly list: ExpenseList | undefined;
  readonly load: LoadState;
  /** Names the list shown (period, project): a new one starts on page 1. */
  readonly listKey: string;
  readonly onEdit: (row: ExpenseRow) => void;
  readonly onDelete: (row: ExpenseRow) => void;
}

/** The saved expenses with the totals from the API (never added up here). */
export function ExpenseTable({ list, load, listKey, onEdit, onDelete }: ExpenseTableProps) {
  return (
    <SavedRowsTable
      label="Saved expenses"
      what="expenses"
      rows={list?.rows}
      load={load}
      listKey={listKey}
      columns={expenseColumns(list, { withProject: true })}
      emptyText={msg.recordsNotFound}
      emptyAction={<span>Add an expense with the form above, or choose another month or project.</span>}
      actionsHeader="Delete/edit"
      approvedLabel="Approved"
      describe={(row) => `expense from ${row.projectName} on ${formatTableDate(row.date)}`}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}
