import { authMessages } from '@portal/contracts';
import { Injectable } from '@nestjs/common';
import { DomainError } from '../../kernel/domain-error';
import { Clock } from '../clock/clock';
import type { PortalConfig } from '../config/config';
import { InjectConfig } from '../config/config.provider';
import { Newcomers, type PendingAccess, type SignInIdentity } from './newcomers';
import { StaffDirectory, type Principal } from './principal';
import { isAllowedSignInDomain } from './sign-in-domain';
import { StaffSessions } from './staff-sessions';

/** A token whose signature, issuer and expiry were checked: whom it names, and its times. */
export type VerifiedSignIn = ({ readonly staffId: number } | SignInIdentity) & {
  readonly issuedAt: Date;
  readonly expiresAt: Date;
};

/** Who sent a request: a staff member, or someone whose access is being set up. */
export type SignedIn = { readonly principal: Principal } | { readonly pending: PendingAccess };

/**
 * From a valid token to the person, the same way for a dev sign-in and an Entra ID token:
 * an address outside the allowed domains, a staff id no active person has, or a deactivated
 * person's address is refused (403 'User is not allowed to login.'); a token of a session ended
 * since (deactivation) answers null (401); an address no one holds is a newcomer's (issue 25),
 * whose first sign-in the Newcomers port records and who is admitted (a bootstrap admin) or awaits access.
 */
@Injectable()
export class SignInResolver {
  constructor(
    @InjectConfig() private readonly config: PortalConfig,
    private readonly staff: StaffDirectory,
    private readonly sessions: StaffSessions,
    private readonly newcomers: Newcomers,
    private readonly clock: Clock,
  ) {}

  async resolve(signIn: VerifiedSignIn, correlationId: () => string): Promise<SignedIn | null> {
    if ('staffId' in signIn) {
      // Checked before the staff record, which a projection may not have updated yet.
      if (await this.sessions.hasEnded({ staffId: signIn.staffId }, signIn.issuedAt)) return null;
      const principal = await this.staff.findById(signIn.staffId);
      if (!principal) throw DomainError.forbidden(authMessages.notAllowedToLogin);
      return { principal };
    }
    const username = signIn.username.trim().toLowerCase();
    if (!isAllowedSignInDomain(username, this.config.allowedSignInDomains)) {
      throw DomainError.forbidden(authMessages.notAllowedToLogin);
    }
    if (await this.sessions.hasEnded({ username }, signIn.issuedAt)) return null;
    const principal = await this.staff.findByUsername(username);
    if (principal) return { principal };
    if (await this.staff.isRegistered(username)) throw DomainError.forbidden(authMessages.notAllowedToLogin);
    const outcome = await this.newcomers.arrive(
      { username, name: signIn.name },
      { correlationId: correlationId(), now: this.clock.now() },
    );
    return outcome.kind === 'admitted' ? { principal: outcome.principal } : { pending: outcome.pending };
  }
}
