import { type ExpenseEditInput, type ExpenseRow, expenseWindow } from '@portal/contracts';
import { useCorrectExpense } from '../../lib/expenses/correct-expense';
import { personExpenseEditCheck } from '../../lib/expenses/edit-checks';
import type { ExpenseEditor } from './edit-expense-dialog';

/**
 * The person changing their own expense (`PUT /api/expenses/:id`): their billable projects, days
 * of the expense window, the fields their type asks for; the rate follows the date.
 */
export function usePersonExpenseEditor(today: string): ExpenseEditor<ExpenseRow, ExpenseEditInput> {
  const correct = useCorrectExpense();
  const window = expenseWindow(today);
  return {
    who: 'person',
    dateWindow: window,
    reloadLabel: 'Reload expenses',
    check: (draft, _row, type) => personExpenseEditCheck(draft, type, window),
    send: (row, edit, callbacks) => correct.mutate({ expenseId: row.id, edit }, callbacks),
    isPending: correct.isPending,
  };
}
