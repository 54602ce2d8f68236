export { ExpensesPage } from './expenses-page';
export { expenseTypesQuery } from '../../lib/expenses/get-expense-types';
