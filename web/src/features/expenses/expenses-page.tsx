import { useCurrentUser } from '../../lib/current-user';
import { ExpenseEntryForm } from './components/expense-entry-form';
import { businessToday } from '../../lib/business-day';
import { Page } from '../../ui/page';
import { lazyPart } from '../../ui/query-state';
import './expenses.css';

/** The saved list (its table and row dialogs) comes after the form has painted. */
const SavedExpenses = lazyPart(
  async () => (await import('./components/saved-expenses')).SavedExpenses,
  'saved expenses',
);

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
