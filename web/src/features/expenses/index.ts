export { ExpensesPage } from './expenses-page';
export { expenseTypesQuery } from './api/get-expense-types';
