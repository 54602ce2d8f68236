/** The staff context's public entry: the only file other code may import. */
export { StaffModule } from './staff.module';
export { StaffQueries, type AdminContact, type StaffSummary } from './queries/staff-queries';
