import './documentation.css';
export { DocumentationPage } from './documentation-page';
export { AddTimesheetHelp } from './add-timesheet-help';
export { EditTimesheetHelp } from './edit-timesheet-help';
export { AddExpenseHelp } from './add-expense-help';
export { TimesheetReviewHelp } from './timesheet-review-help';
