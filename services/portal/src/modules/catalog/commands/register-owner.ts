import { CommandHandler } from '@nestjs/cqrs';
import { PortalCommand, Requires, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { EventStoreCommandHandler } from '../../../platform/event-store/event-store-command-handler';
import { ownerDecider, ownerStreamId, type OwnerCommand } from '../domain/owner';
import { decideOn } from './catalog-streams';

export type RegisterOwnerInput = Extract<OwnerCommand, { type: 'RegisterOwner' }>['data'];

/** Registers an organisation that owns projects and people; answers where its event landed. */
@Requires('admin')
export class RegisterOwnerCommand extends PortalCommand<LogPosition | null> {
  constructor(
    caller: Caller,
    readonly input: RegisterOwnerInput,
  ) {
    super(caller);
  }
}

@CommandHandler(RegisterOwnerCommand)
export class RegisterOwnerHandler extends EventStoreCommandHandler<RegisterOwnerCommand> {
  protected handle({ input, caller }: RegisterOwnerCommand): Promise<LogPosition | null> {
    const command: OwnerCommand = { type: 'RegisterOwner', data: input };
    return decideOn(this.store, ownerStreamId(input.ownerId), ownerDecider, command, caller.context);
  }
}
