import { CommandHandler } from '@nestjs/cqrs';
import { PortalCommand, Requires, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { EventStoreCommandHandler } from '../../../platform/event-store/event-store-command-handler';
import { decideOnProject } from './catalog-streams';

/** Closes a project (no new time or expenses on it); closing a closed project records nothing. */
@Requires('admin')
export class CloseProjectCommand extends PortalCommand<LogPosition | null> {
  constructor(
    caller: Caller,
    readonly projectId: number,
  ) {
    super(caller);
  }
}

@CommandHandler(CloseProjectCommand)
export class CloseProjectHandler extends EventStoreCommandHandler<CloseProjectCommand> {
  protected handle({ projectId, caller }: CloseProjectCommand): Promise<LogPosition | null> {
    return decideOnProject(
      this.store,
      projectId,
      { type: 'CloseProject', data: { projectId } },
      caller.context,
    );
  }
}
