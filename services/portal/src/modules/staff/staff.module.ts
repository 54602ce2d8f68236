import { Global, Module } from '@nestjs/common';
import { StaffDirectory } from '../../platform/auth/principal';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { CatalogModule } from '../catalog';
import { ChangeStaffAccessHandler } from './commands/change-staff-access';
import { AddStaffMemberHandler } from './commands/add-staff-member';
import { RegisterStaffMemberHandler, StaffRegistration } from './commands/register-staff-member';
import { ChangeStaffUsernameHandler } from './commands/change-staff-username';
import { StaffReferences, StreamStaffReferences } from './commands/staff-references';
import { PersonalDataCipher } from '../../platform/crypto/personal-data-cipher';
import { RevealSensitiveFieldHandler } from './commands/reveal-sensitive-field';
import { EraseStaffPersonalDataHandler } from './commands/erase-staff-personal-data';
import { UpdateStaffMemberHandler } from './commands/update-staff-member';
import { staffProjectionWith } from './projections/staff.projection';
import { GetStaffForAdminHandler, ListStaffForAdminHandler } from './queries/staff-admin';
import { StaffAdminController } from './staff-admin.controller';
import { ReadModelStaffDirectory } from './queries/staff-directory';
import { ReadModelStaffQueries, StaffQueries } from './queries/staff-queries';
import { GetInvoiceProfileHandler } from './queries/invoice-profile';
import { StaffController } from './staff.controller';
import { AcknowledgeCodeOfConductHandler } from './commands/acknowledge-code-of-conduct';
import { RevealOwnSensitiveFieldHandler } from './commands/reveal-own-sensitive-field';
import { GetMyProfileHandler } from './queries/my-profile';
import { GetMyStandingHandler } from './queries/my-standing';
import { MeController } from './me.controller';
import { DirectoryFacts } from './commands/directory-facts';
import { StaffIdAllocator } from './commands/staff-id-allocator';
import { SyncStaffFromDirectoryHandler } from './commands/sync-staff-from-directory';
import { GetDirectorySyncStatusHandler } from './queries/directory-sync-status';
import { DirectorySyncController } from './directory-sync.controller';
import { DIRECTORY_SYNC_JOB, DirectorySyncProcessor } from './reactions/directory-sync.processor';

/**
 * People and their access flags, and directory sync (people read from Microsoft Entra ID). Global, because the auth guard (platform) injects the
 * StaffDirectory port it implements. Imports the catalog for the owner a registration names.
 */
@Global()
@Module({
  imports: [CatalogModule],
  controllers: [StaffController, StaffAdminController, MeController, DirectorySyncController],
  providers: [
    { provide: StaffDirectory, useClass: ReadModelStaffDirectory },
    { provide: StaffQueries, useClass: ReadModelStaffQueries },
    { provide: StaffReferences, useClass: StreamStaffReferences },
    StaffRegistration,
    RegisterStaffMemberHandler,
    ChangeStaffUsernameHandler,
    AddStaffMemberHandler,
    ChangeStaffAccessHandler,
    GetInvoiceProfileHandler,
    UpdateStaffMemberHandler,
    RevealSensitiveFieldHandler,
    EraseStaffPersonalDataHandler,
    ListStaffForAdminHandler,
    GetStaffForAdminHandler,
    AcknowledgeCodeOfConductHandler,
    RevealOwnSensitiveFieldHandler,
    GetMyProfileHandler,
    GetMyStandingHandler,
    DirectoryFacts,
    StaffIdAllocator,
    SyncStaffFromDirectoryHandler,
    GetDirectorySyncStatusHandler,
    DirectorySyncProcessor,
  ],
  exports: [StaffDirectory, StaffQueries, StaffReferences],
})
export class StaffModule {
  constructor(registry: ContextRegistry, cipher: PersonalDataCipher) {
    registry.projection(staffProjectionWith(cipher)).job(DIRECTORY_SYNC_JOB);
  }
}
