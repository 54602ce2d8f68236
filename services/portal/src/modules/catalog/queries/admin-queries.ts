import { catalogMessages, type AdminClient, type AdminOwner, type AdminProject } from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQueryHandler, Requires, SignedInQuery } from '../../../platform/cqrs';
import { CatalogAdminReadModel } from './admin-catalog';
import { OwnerBusinessCalendar } from './owner-calendar';
import { ProjectDirectory } from './project-directory';

/** GET /api/admin/clients: the clients in the admin's scope, by name. */
@Requires('admin')
export class ListAdminClientsQuery extends SignedInQuery<AdminClient[]> {}

/** GET /api/admin/projects: every project of the admin's scope (active or not), by id. */
@Requires('admin')
export class ListAdminProjectsQuery extends SignedInQuery<AdminProject[]> {}

/** GET /api/admin/projects/:id: one project; another owner's is unknown to a scoped admin (404). */
@Requires('admin')
export class GetAdminProjectQuery extends SignedInQuery<AdminProject> {
  constructor(
    principal: Principal,
    readonly projectId: number,
  ) {
    super(principal);
  }
}

/** GET /api/admin/owners: the owners a project may be given to (a scoped admin: their own). */
@Requires('admin')
export class ListAdminOwnersQuery extends SignedInQuery<AdminOwner[]> {}

@QueryHandler(ListAdminClientsQuery)
export class ListAdminClientsHandler extends PortalQueryHandler<ListAdminClientsQuery> {
  constructor(private readonly catalog: CatalogAdminReadModel) {
    super();
  }
  protected handle({ principal }: ListAdminClientsQuery): Promise<AdminClient[]> {
    return this.catalog.clients(ownerScopeOf(principal));
  }
}

@QueryHandler(ListAdminProjectsQuery)
export class ListAdminProjectsHandler extends PortalQueryHandler<ListAdminProjectsQuery> {
  constructor(private readonly catalog: CatalogAdminReadModel) {
    super();
  }
  protected handle({ principal }: ListAdminProjectsQuery): Promise<AdminProject[]> {
    return this.catalog.projects(ownerScopeOf(principal));
  }
}

@QueryHandler(GetAdminProjectQuery)
export class GetAdminProjectHandler extends PortalQueryHandler<GetAdminProjectQuery> {
  constructor(private readonly catalog: CatalogAdminReadModel) {
    super();
  }
  protected async handle({ principal, projectId }: GetAdminProjectQuery): Promise<AdminProject> {
    const [project] = await this.catalog.projects(ownerScopeOf(principal), projectId);
    if (!project) throw DomainError.notFound(catalogMessages.projectNotFound(projectId));
    return project;
  }
}

@QueryHandler(ListAdminOwnersQuery)
export class ListAdminOwnersHandler extends PortalQueryHandler<ListAdminOwnersQuery> {
  constructor(
    private readonly directory: ProjectDirectory,
    private readonly calendar: OwnerBusinessCalendar,
  ) {
    super();
  }
  protected async handle({ principal }: ListAdminOwnersQuery): Promise<AdminOwner[]> {
    const owners = await this.directory.listOwners(ownerScopeOf(principal));
    return Promise.all(
      owners.map(async (owner) => {
        const own = await this.calendar.ownZoneOf(owner.ownerId);
        return { ...owner, timeZone: own ?? this.calendar.defaultZone, timeZoneIsDefault: own === null };
      }),
    );
  }
}
