/** The timesheets context's public entry: the only file other code may import. */
export { TimesheetsModule } from './timesheets.module';
