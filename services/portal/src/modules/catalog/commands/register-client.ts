import { CommandHandler } from '@nestjs/cqrs';
import { PortalCommand, Requires, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { EventStoreCommandHandler } from '../../../platform/event-store/event-store-command-handler';
import { clientDecider, clientStreamId, type RegisterClient } from '../domain/client';
import { decideOn } from './catalog-streams';

export type RegisterClientInput = RegisterClient['data'];

/** Registers a customer projects are billed to; answers where its event landed. */
@Requires('admin')
export class RegisterClientCommand extends PortalCommand<LogPosition | null> {
  constructor(
    caller: Caller,
    readonly input: RegisterClientInput,
  ) {
    super(caller);
  }
}

@CommandHandler(RegisterClientCommand)
export class RegisterClientHandler extends EventStoreCommandHandler<RegisterClientCommand> {
  protected handle({ input, caller }: RegisterClientCommand): Promise<LogPosition | null> {
    const command: RegisterClient = { type: 'RegisterClient', data: input };
    return decideOn(this.store, clientStreamId(input.clientId), clientDecider, command, caller.context);
  }
}
