/** The staff context's public entry: the only file other code may import. */
export { StaffModule } from './staff.module';
export { StaffQueries, type AdminContact, type StaffSummary } from './queries/staff-queries';
export { StaffReferences } from './commands/staff-references';
export { RegisterStaffMemberCommand, type RegisterStaffMemberInput } from './commands/register-staff-member';
export {
  AddStaffMemberCommand,
  type AddStaffMemberInput,
  type AddStaffMemberOutcome,
} from './commands/add-staff-member';
export { ChangeStaffAccessCommand, type ChangeStaffAccessInput } from './commands/change-staff-access';
export { UpdateStaffMemberCommand } from './commands/update-staff-member';
export { GetInvoiceProfile } from './queries/invoice-profile';
export { GetMyStanding, type MyStanding } from './queries/my-standing';
/** A person's stream (the as-of views replay the names it holds). */
export { staffStreamId } from './domain/staff-member';
