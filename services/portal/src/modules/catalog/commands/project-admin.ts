import { CommandHandler, QueryBus } from '@nestjs/cqrs';
import type { ProjectDeleteOutcome, ProjectRequest } from '@portal/contracts';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import type { PortalConfig } from '../../../platform/config/config';
import { InjectConfig } from '../../../platform/config/config.provider';
import { ProjectionProgress, readModelsReachHead } from '../../../platform/projection/projection';
import {
  ProjectHasExpensesQuery,
  ProjectHasPlansQuery,
  ProjectHasRosterQuery,
  ProjectHasTimeQuery,
} from '../../lookups';
import { projectStreamId, type ProjectReferences } from '../domain/project';
import { CatalogAdminReadModel } from '../queries/admin-catalog';
import { CatalogReferences } from './catalog-references';
import { decideOnProject, projectReferences, registerWithNextId } from './catalog-streams';

export interface ProjectOutcome {
  readonly projectId: number;
  /** Where the last event landed; null when nothing changed. */
  readonly position: LogPosition | null;
}

/** POST /api/admin/projects: Add New Project; the server gives it the next free id. */
@Requires('admin')
export class AddProjectCommand extends PortalCommand<ProjectOutcome> {
  constructor(
    caller: Caller,
    readonly request: ProjectRequest,
  ) {
    super(caller);
  }
}

/** PUT /api/admin/projects/:id: the whole form; changes recorded before → after, active as close/reopen. */
@Requires('admin')
export class ChangeProjectCommand extends PortalCommand<ProjectOutcome> {
  constructor(
    caller: Caller,
    readonly projectId: number,
    readonly request: ProjectRequest,
  ) {
    super(caller);
  }
}

/**
 * DELETE /api/admin/projects/:id: a project without recorded time or expenses is removed
 * (ProjectRemoved); one with history is deactivated (ProjectClosed) so its history stays whole.
 */
@Requires('admin')
export class DeleteProjectCommand extends PortalCommand<
  Omit<ProjectDeleteOutcome, 'position'> & {
    readonly position: LogPosition | null;
  }
> {
  constructor(
    caller: Caller,
    readonly projectId: number,
  ) {
    super(caller);
  }
}

/** The client and owner references, a client outside a scoped admin's sight counting as unknown. */
async function scopedReferences(
  references: CatalogReferences,
  catalog: CatalogAdminReadModel,
  request: ProjectRequest,
  scope: number | null,
): Promise<ProjectReferences> {
  const found = await projectReferences(references, request);
  if (scope === null || !found.clientExists) return found;
  const access = await catalog.clientAccess(request.clientId, scope);
  return { ...found, clientExists: access.visible };
}

@CommandHandler(AddProjectCommand)
export class AddProjectHandler extends PortalCommandHandler<AddProjectCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly references: CatalogReferences,
    private readonly catalog: CatalogAdminReadModel,
  ) {
    super();
  }

  protected async handle({ caller, request }: AddProjectCommand): Promise<ProjectOutcome> {
    const scope = ownerScopeOf(caller.principal);
    const references = await scopedReferences(this.references, this.catalog, request, scope);
    const { id, result } = await registerWithNextId(
      this.store,
      (await this.catalog.highestProjectId()) + 1,
      caller.context.commandId,
      projectStreamId,
      (projectId) =>
        decideOnProject(
          this.store,
          projectId,
          { type: 'OpenProject', data: { ...request, projectId }, references, scope },
          caller.context,
        ),
    );
    return { projectId: id, position: result };
  }
}

@CommandHandler(ChangeProjectCommand)
export class ChangeProjectHandler extends PortalCommandHandler<ChangeProjectCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly references: CatalogReferences,
    private readonly catalog: CatalogAdminReadModel,
  ) {
    super();
  }

  protected async handle({ caller, projectId, request }: ChangeProjectCommand): Promise<ProjectOutcome> {
    const scope = ownerScopeOf(caller.principal);
    const references = await scopedReferences(this.references, this.catalog, request, scope);
    const position = await decideOnProject(
      this.store,
      projectId,
      { type: 'UpdateProject', data: { ...request, projectId }, references, scope },
      caller.context,
    );
    return { projectId, position };
  }
}

@CommandHandler(DeleteProjectCommand)
export class DeleteProjectHandler extends PortalCommandHandler<DeleteProjectCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly queries: QueryBus,
    private readonly progress: ProjectionProgress,
    @InjectConfig() private readonly config: PortalConfig,
  ) {
    super();
  }

  protected async handle({ caller, projectId }: DeleteProjectCommand) {
    const hasHistory = await this.hasHistory(caller, projectId);
    const position = await decideOnProject(
      this.store,
      projectId,
      { type: 'DeleteProject', data: { projectId }, hasHistory, scope: ownerScopeOf(caller.principal) },
      caller.context,
    );
    const outcome: ProjectDeleteOutcome['outcome'] =
      position === null ? 'unchanged' : hasHistory ? 'deactivated' : 'removed';
    return { projectId, outcome, position };
  }

  /**
   * Time, expenses, planned hours or roster cells on the project, as the read models show them once
   * they have reached the head of the log (a save just made counts). Read models that cannot catch
   * up in time leave it unknown: the project is then kept (deactivated), never removed.
   */
  private async hasHistory(caller: Caller, projectId: number): Promise<boolean> {
    if (!(await readModelsReachHead(this.store, this.progress, this.config.projectionWaitMs))) return true;
    const { principal } = caller;
    const answers = await Promise.all([
      this.queries.execute(new ProjectHasTimeQuery(principal, projectId)),
      this.queries.execute(new ProjectHasExpensesQuery(principal, projectId)),
      this.queries.execute(new ProjectHasPlansQuery(principal, projectId)),
      this.queries.execute(new ProjectHasRosterQuery(principal, projectId)),
    ]);
    return answers.some(Boolean);
  }
}
