import { CommandHandler } from '@nestjs/cqrs';
import { PortalCommand, Requires, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { EventStoreCommandHandler } from '../../../platform/event-store/event-store-command-handler';
import { decideOnProject } from './catalog-streams';

/** Reopens a closed project; reopening an active project records nothing. */
@Requires('admin')
export class ReopenProjectCommand extends PortalCommand<LogPosition | null> {
  constructor(
    caller: Caller,
    readonly projectId: number,
  ) {
    super(caller);
  }
}

@CommandHandler(ReopenProjectCommand)
export class ReopenProjectHandler extends EventStoreCommandHandler<ReopenProjectCommand> {
  protected handle({ projectId, caller }: ReopenProjectCommand): Promise<LogPosition | null> {
    return decideOnProject(
      this.store,
      projectId,
      { type: 'ReopenProject', data: { projectId } },
      caller.context,
    );
  }
}
