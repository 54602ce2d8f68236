import { CommandHandler } from '@nestjs/cqrs';
import { AuditorsMaySend, PortalCommand, PortalCommandHandler, type Caller } from '../../cqrs';
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
