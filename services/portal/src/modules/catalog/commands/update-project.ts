import { CommandHandler } from '@nestjs/cqrs';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import type { UpdateProject } from '../domain/project';
import { CatalogReferences } from './catalog-references';
import { decideOnProject, projectReferences } from './catalog-streams';

export type UpdateProjectInput = UpdateProject['data'];

/**
 * Changes a project's terms; records only what changes, and a cleared or ticked active flag as
 * closing or reopening. Answers where the last event landed (null: nothing changed).
 */
@Requires('admin')
export class UpdateProjectCommand extends PortalCommand<LogPosition | null> {
  constructor(
    caller: Caller,
    readonly input: UpdateProjectInput,
  ) {
    super(caller);
  }
}

@CommandHandler(UpdateProjectCommand)
export class UpdateProjectHandler extends PortalCommandHandler<UpdateProjectCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly references: CatalogReferences,
  ) {
    super();
  }

  protected async handle({ input, caller }: UpdateProjectCommand): Promise<LogPosition | null> {
    const references = await projectReferences(this.references, input);
    return decideOnProject(
      this.store,
      input.projectId,
      { type: 'UpdateProject', data: input, references },
      caller.context,
    );
  }
}
