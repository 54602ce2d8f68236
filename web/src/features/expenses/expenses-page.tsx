import { useCurrentUser } from '../../lib/current-user';
import { ExpenseEntryForm } from './components/expense-entry-form';
import { SavedExpenses } from './components/saved-expenses';
import { businessToday } from '../../lib/business-day';
import { Page } from '../../ui/page';
import './expenses.css';

/** '/expenses/create': the entry form above the saved list. */
export function ExpensesPage() {
  const current = useCurrentUser();
  const today = businessToday();
  if (current.status !== 'signed-in') return null;
  return (
    <Page title="Expenses">
      <ExpenseEntryForm today={today} needReceipt={current.user.needReceipt} />
      <SavedExpenses today={today} staffId={current.user.staffId} />
    </Page>
  );
}
