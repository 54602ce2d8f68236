import { Injectable } from '@nestjs/common';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { ownerDecider, ownerStreamId } from '../domain/owner';
import { runRuleCommand, type CommandAnswer } from './run-rule-command';

export interface RegisterOwnerInput {
  readonly ownerId: number;
  readonly name: string;
}

@Injectable()
export class RegisterOwnerHandler {
  constructor(private readonly store: EventStore) {}

  execute(input: RegisterOwnerInput, context: CommandContext): Promise<CommandAnswer> {
    return runRuleCommand(
      this.store,
      ownerStreamId(input.ownerId),
      ownerDecider,
      { type: 'RegisterOwner', data: input },
      context,
    );
  }
}
