import { CommandHandler } from '@nestjs/cqrs';
import { ownerSettingsMessages } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { PortalCommand, Requires, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { EventStoreCommandHandler } from '../../../platform/event-store/event-store-command-handler';
import { ownerDecider, ownerStreamId } from '../domain/owner';
import { decideOn } from './catalog-streams';

/**
 * Sets the time zone an owner's business dates follow (issue 25). Admins only, and a sightstream
 * admin only for owner 2 (403 for another owner, nothing recorded); firm admins manage every owner,
 * as they do its projects.
 */
@Requires('admin')
export class SetOwnerTimeZoneCommand extends PortalCommand<LogPosition | null> {
  constructor(
    caller: Caller,
    readonly ownerId: number,
    readonly timeZone: string,
  ) {
    super(caller);
  }
}

@CommandHandler(SetOwnerTimeZoneCommand)
export class SetOwnerTimeZoneHandler extends EventStoreCommandHandler<SetOwnerTimeZoneCommand> {
  protected handle({ caller, ownerId, timeZone }: SetOwnerTimeZoneCommand): Promise<LogPosition | null> {
    const scope = ownerScopeOf(caller.principal);
    if (scope !== null && scope !== ownerId) throw DomainError.forbidden(ownerSettingsMessages.otherOwner);
    return decideOn(
      this.store,
      ownerStreamId(ownerId),
      ownerDecider,
      { type: 'SetOwnerTimeZone', data: { ownerId, timeZone } },
      caller.context,
    );
  }
}
