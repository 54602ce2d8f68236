import { CommandHandler } from '@nestjs/cqrs';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
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
export class ReopenProjectHandler extends PortalCommandHandler<ReopenProjectCommand> {
  constructor(private readonly store: EventStore) {
    super();
  }

  protected handle({ projectId, caller }: ReopenProjectCommand): Promise<LogPosition | null> {
    return decideOnProject(
      this.store,
      projectId,
      { type: 'ReopenProject', data: { projectId } },
      caller.context,
    );
  }
}
