import type { AccessRequested } from '@portal/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ArrivalContext, SignInIdentity } from '../../../platform/auth/newcomers';
import { authorize, Requires } from '../../../platform/cqrs';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { accessRequestDecider, accessRequestStreamId } from '../domain/access-request';

/** The command id of a person's first sign-in: one per address, so its event is written once whatever races. */
export const firstSignInCommandId = (username: string): string => `first-sign-in:${username}`;

/**
 * The first sign-in of someone of an allowed domain whom no one has added (issue 25), sent by the
 * AuthGuard's Newcomers port. No one is signed in, so it carries no caller: the person is the
 * actor (`sign-in:{address}`, their token's name), under the request's correlation. Answers the
 * first sign-in as recorded (this one, or an earlier one: then nothing is appended).
 */
@Requires('public')
export class RequestAccessCommand extends Command<AccessRequested> {
  constructor(
    readonly identity: SignInIdentity,
    readonly arrival: ArrivalContext,
  ) {
    super();
  }
}

@CommandHandler(RequestAccessCommand)
export class RequestAccessHandler implements ICommandHandler<RequestAccessCommand, AccessRequested> {
  constructor(private readonly store: EventStore) {}

  async execute(command: RequestAccessCommand): Promise<AccessRequested> {
    authorize(null, command);
    const { identity, arrival } = command;
    const context: CommandContext = {
      actor: { id: `sign-in:${identity.username}`, name: identity.name },
      commandId: firstSignInCommandId(identity.username),
      correlationId: arrival.correlationId,
      causationId: null,
      now: arrival.now,
    };
    const outcome = await runCommand(
      this.store,
      accessRequestStreamId(identity.username),
      accessRequestDecider,
      { type: 'RequestAccess', data: { ...identity, at: arrival.now } },
      context,
    );
    return outcome.state.request!;
  }
}
