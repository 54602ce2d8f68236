import { Global, Module } from '@nestjs/common';
import { Newcomers } from '../../platform/auth/newcomers';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { CatalogModule } from '../catalog';
import { StaffModule } from '../staff';
import { AccessController } from './access.controller';
import { AdmitBootstrapAdminHandler } from './commands/admit-bootstrap-admin';
import { NewcomerAdmission } from './commands/newcomer-admission';
import { RequestAccessHandler } from './commands/request-access';
import { awaitingAccessProjection } from './projections/awaiting-access.projection';
import { ListAwaitingAccessHandler } from './queries/list-awaiting-access';

/**
 * Access requests (issue 25): first sign-ins of people no one has added, the bootstrap admins of
 * PORTAL_BOOTSTRAP_ADMINS, and Staff Review's "Awaiting access". Global, because the auth guard
 * (platform) injects the Newcomers port it implements. Adds people through the staff context's
 * command and registers an owner through the catalog's.
 */
@Global()
@Module({
  imports: [StaffModule, CatalogModule],
  controllers: [AccessController],
  providers: [
    { provide: Newcomers, useClass: NewcomerAdmission },
    RequestAccessHandler,
    AdmitBootstrapAdminHandler,
    ListAwaitingAccessHandler,
  ],
  exports: [Newcomers],
})
export class AccessModule {
  constructor(registry: ContextRegistry) {
    registry.projection(awaitingAccessProjection);
  }
}
