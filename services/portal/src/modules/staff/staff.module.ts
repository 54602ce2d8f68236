import { Global, Module } from '@nestjs/common';
import { StaffDirectory } from '../../platform/auth/principal';
import { ChangeStaffAccessHandler } from './commands/change-staff-access';
import { RegisterStaffMemberHandler } from './commands/register-staff-member';
import { ReadModelStaffDirectory } from './queries/staff-directory';
import { ReadModelStaffQueries, StaffQueries } from './queries/staff-queries';

/**
 * People and their access flags. Global, because the auth guard (platform) injects the
 * StaffDirectory port it implements.
 */
@Global()
@Module({
  providers: [
    { provide: StaffDirectory, useClass: ReadModelStaffDirectory },
    { provide: StaffQueries, useClass: ReadModelStaffQueries },
    RegisterStaffMemberHandler,
    ChangeStaffAccessHandler,
  ],
  exports: [StaffDirectory, StaffQueries, RegisterStaffMemberHandler, ChangeStaffAccessHandler],
})
export class StaffModule {}
