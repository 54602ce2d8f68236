import { Global, Module } from '@nestjs/common';
import { StaffDirectory } from '../../platform/auth/principal';
import { ChangeStaffAccessHandler } from './commands/change-staff-access';
import { RegisterStaffMemberHandler } from './commands/register-staff-member';
import { ReadModelStaffDirectory } from './queries/staff-directory';
import { ReadModelStaffQueries, StaffQueries } from './queries/staff-queries';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { staffProjection } from './projections/staff.projection';

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
export class StaffModule {
  constructor(registry: ContextRegistry) {
    registry.projection(staffProjection);
  }
}
