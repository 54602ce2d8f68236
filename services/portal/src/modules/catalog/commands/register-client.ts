import { Injectable } from '@nestjs/common';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { clientDecider, clientStreamId, type RegisterClient } from '../domain/client';
import { runRuleCommand, type CommandAnswer } from './run-rule-command';

export type RegisterClientInput = RegisterClient['data'];

@Injectable()
export class RegisterClientHandler {
  constructor(private readonly store: EventStore) {}

  execute(input: RegisterClientInput, context: CommandContext): Promise<CommandAnswer> {
    return runRuleCommand(
      this.store,
      clientStreamId(input.clientId),
      clientDecider,
      { type: 'RegisterClient', data: input },
      context,
    );
  }
}
