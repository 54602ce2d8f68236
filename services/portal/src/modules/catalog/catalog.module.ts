import { Global, Module } from '@nestjs/common';
import { BusinessCalendar } from '../../platform/clock/business-calendar';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { AdminCatalogController } from './admin-catalog.controller';
import { CatalogController } from './catalog.controller';
import { AddClientHandler, ChangeClientHandler } from './commands/client-admin';
import { AddProjectHandler, ChangeProjectHandler, DeleteProjectHandler } from './commands/project-admin';
import { CatalogAdminReadModel } from './queries/admin-catalog';
import {
  GetAdminProjectHandler,
  ListAdminClientsHandler,
  ListAdminOwnersHandler,
  ListAdminProjectsHandler,
} from './queries/admin-queries';
import { CatalogReferences, StreamCatalogReferences } from './commands/catalog-references';
import { CloseProjectHandler } from './commands/close-project';
import { OpenProjectHandler } from './commands/open-project';
import { RegisterClientHandler } from './commands/register-client';
import { RegisterOwnerHandler } from './commands/register-owner';
import { SetOwnerTimeZoneHandler } from './commands/set-owner-time-zone';
import { OwnerBusinessCalendar } from './queries/owner-calendar';
import { ReopenProjectHandler } from './commands/reopen-project';
import { UpdateProjectHandler } from './commands/update-project';
import { catalogProjection } from './projections/catalog.projection';
import { GetProjectHandler } from './queries/get-project';
import { ListBillableProjectsHandler } from './queries/list-billable-projects';
import { ListSubProjectsHandler } from './queries/list-sub-projects';
import { ProjectDirectory, ReadModelProjectDirectory } from './queries/project-directory';

/**
 * Owners, clients and projects. Exports the ProjectDirectory query and the CatalogReferences the
 * staff and roster commands check. The billable list needs the RosteredProjects port, which the
 * roster context provides (globally: the roster imports the catalog, not the other way round).
 * Global, because every context and the platform's /api/me ask the BusinessCalendar port it
 * implements for an owner's "today" (issue 25).
 */
@Global()
@Module({
  controllers: [CatalogController, AdminCatalogController],
  providers: [
    { provide: ProjectDirectory, useClass: ReadModelProjectDirectory },
    { provide: CatalogReferences, useClass: StreamCatalogReferences },
    RegisterOwnerHandler,
    SetOwnerTimeZoneHandler,
    OwnerBusinessCalendar,
    { provide: BusinessCalendar, useExisting: OwnerBusinessCalendar },
    RegisterClientHandler,
    OpenProjectHandler,
    UpdateProjectHandler,
    CloseProjectHandler,
    ReopenProjectHandler,
    ListBillableProjectsHandler,
    ListSubProjectsHandler,
    GetProjectHandler,
    CatalogAdminReadModel,
    AddClientHandler,
    ChangeClientHandler,
    AddProjectHandler,
    ChangeProjectHandler,
    DeleteProjectHandler,
    ListAdminClientsHandler,
    ListAdminProjectsHandler,
    GetAdminProjectHandler,
    ListAdminOwnersHandler,
  ],
  exports: [ProjectDirectory, CatalogReferences, BusinessCalendar],
})
export class CatalogModule {
  constructor(registry: ContextRegistry) {
    registry.projection(catalogProjection);
  }
}
