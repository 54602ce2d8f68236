import { type ExpenseList, type ExpenseRow, expenseMessages as msg } from '@portal/contracts';
import { formatTableDate } from '../../../lib/format';
import { expenseColumns } from '../../../ui/expenses/expense-columns';
import { SavedRowsTable, type SavedListProps } from '../../../ui/saved-rows-table';

/** The saved expenses with the totals from the API (never added up here). */
export function ExpenseTable({ list, ...wiring }: SavedListProps<ExpenseList, ExpenseRow>) {
  return (
    <SavedRowsTable
      {...wiring}
      label="Saved expenses"
      what="expenses"
      rows={list?.rows}
      columns={expenseColumns(list, { withProject: true })}
      empty={msg.recordsNotFound}
      emptyAction={<span>Add an expense with the form above, or choose another month or project.</span>}
      actionsHeader="Delete/edit"
      approvedLabel="Approved"
      describe={(row) => `expense from ${row.projectName} on ${formatTableDate(row.date)}`}
    />
  );
}
