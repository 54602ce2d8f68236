import { CommandHandler } from '@nestjs/cqrs';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import type { OpenProject } from '../domain/project';
import { CatalogReferences } from './catalog-references';
import { decideOnProject, projectReferences } from './catalog-streams';

export type OpenProjectInput = OpenProject['data'];

/**
 * Opens a project under a given id for a registered client and owner (the demo seed, a file
 * import), in the sender's owner scope; answers where its event landed.
 */
@Requires('admin')
export class OpenProjectCommand extends PortalCommand<LogPosition | null> {
  constructor(
    caller: Caller,
    readonly input: OpenProjectInput,
  ) {
    super(caller);
  }
}

@CommandHandler(OpenProjectCommand)
export class OpenProjectHandler extends PortalCommandHandler<OpenProjectCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly references: CatalogReferences,
  ) {
    super();
  }

  protected async handle({ input, caller }: OpenProjectCommand): Promise<LogPosition | null> {
    const references = await projectReferences(this.references, input);
    return decideOnProject(
      this.store,
      input.projectId,
      { type: 'OpenProject', data: input, references, scope: ownerScopeOf(caller.principal) },
      caller.context,
    );
  }
}
