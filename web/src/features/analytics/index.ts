export { ErpTimePage } from './erp-time-page';
export { ErpExpensesPage } from './erp-expenses-page';
export { ErpOvertimePage } from './erp-overtime-page';
