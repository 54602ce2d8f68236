export { TimesheetsPage } from './timesheets-page';
export { billableProjectsQuery } from './api/get-billable-projects';
