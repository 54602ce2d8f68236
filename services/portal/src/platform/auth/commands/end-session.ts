import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  AuditorsMaySend,
  authorize,
  PortalCommand,
  PortalCommandHandler,
  Requires,
  type Caller,
} from '../../cqrs';
import type { SignInSession } from '../auth.guard';
import { TokenRevocations } from '../token-revocations';

/** POST /api/auth/logout: the token the request came with is refused from now on (auditors too). */
@AuditorsMaySend()
export class EndSession extends PortalCommand<void> {
  constructor(
    caller: Caller,
    readonly session: SignInSession | null,
  ) {
    super(caller);
  }
}

/** Writes the revoked-token row (kept until the token would have expired anyway). */
@CommandHandler(EndSession)
export class EndSessionHandler extends PortalCommandHandler<EndSession> {
  constructor(private readonly revocations: TokenRevocations) {
    super();
  }

  protected async handle({ session }: EndSession): Promise<void> {
    if (session) await this.revocations.revoke(session.tokenHash, session.expiresAt);
  }
}

/**
 * POST /api/auth/logout of someone awaiting access (issue 25): no staff member, so no caller; the
 * token is refused from then on all the same.
 */
@Requires('public')
export class EndPendingSession extends Command<void> {
  constructor(readonly session: SignInSession | null) {
    super();
  }
}

@CommandHandler(EndPendingSession)
export class EndPendingSessionHandler implements ICommandHandler<EndPendingSession, void> {
  constructor(private readonly revocations: TokenRevocations) {}

  async execute(command: EndPendingSession): Promise<void> {
    authorize(null, command);
    const { session } = command;
    if (session) await this.revocations.revoke(session.tokenHash, session.expiresAt);
  }
}
