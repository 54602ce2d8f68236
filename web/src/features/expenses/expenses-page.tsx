import { businessDateOf } from '@portal/contracts';
import { useCurrentUser } from '../../lib/current-user';
import { ExpenseEntryForm } from './components/expense-entry-form';
import { SavedExpenses } from './components/saved-expenses';
import './expenses.css';

/** '/expenses/create': the entry form above the saved list. */
export function ExpensesPage() {
  const current = useCurrentUser();
  // The business day is the UTC calendar day, the same one the server's rules use.
  const today = businessDateOf(new Date());
  if (current.status !== 'signed-in') return null;
  return (
    <div className="page">
      <header className="page__header">
        <h1>Expenses</h1>
      </header>
      <ExpenseEntryForm today={today} needReceipt={current.user.needReceipt} />
      <SavedExpenses today={today} staffId={current.user.staffId} />
    </div>
  );
}
