import { authMessages } from '@portal/contracts';
import {
  Inject,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { decodeProtectedHeader } from 'jose';
import type { PortalConfig } from '../config/config';
import { InjectConfig } from '../config/config.provider';
import { correlationIdOf } from '../http/command-context.interceptor';
import { DomainError } from '../../kernel/domain-error';
import {
  AUDITORS_MAY_CALL,
  AUDITORS_MAY_READ,
  hasRosterAccess,
  isReadRequest,
  IS_PUBLIC,
  PENDING_MAY_CALL,
  REQUIRES_ADMIN,
  REQUIRES_ROSTER,
  type PortalRequest,
  type RosterAccess,
} from './decorators';
import { DevTokens } from './dev-tokens';
import type { BearerVerifier } from './bearer-strategy';
import { isReadOnlyAuditor } from './principal';
import { SignInResolver, type VerifiedSignIn } from './sign-in-resolver';
import { tokenHash, TokenRevocations } from './token-revocations';

/** Injection token of the single sign-on strategy (Entra ID's or another provider's), or null when none is configured. */
export const ENTRA_STRATEGY_INSTANCE = Symbol('ENTRA_STRATEGY_INSTANCE');

/** The token a request was signed in with; logout revokes it. */
export interface SignInSession {
  readonly tokenHash: string;
  readonly expiresAt: Date;
}

export interface AuthenticatedRequest extends PortalRequest {
  session?: SignInSession;
}

/**
 * The global guard (APP_GUARD). Every endpoint needs a signed-in person unless it is `@Public()`;
 * `@AdminOnly()` endpoints need an admin (or, for GETs marked `@AuditorsMayRead()`, an auditor),
 * `@RosterAccessOnly()` ones roster access (before any input is read). An auditor who is not an
 * admin is refused every non-GET request (403) but those marked `@AuditorsMayCall()`. The bearer token is a dev sign-in token (HS256, only
 * when dev sign-in is on) or a single sign-on token (Entra ID's, or another OpenID Connect provider's, when configured). A missing,
 * invalid, expired or revoked token answers 401; a valid token of someone who may not sign in
 * answers 403 'User is not allowed to login.'. A token issued before the person's sessions were
 * ended (deactivation, `StaffSessions`) answers 401 on the very next request. Someone of an allowed
 * domain whom no one has added yet (issue 25, `SignInResolver`) may call only `@PendingMayCall()`
 * endpoints ("who am I", sign-out); every other one answers them 403 `authMessages.accessPending`.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @InjectConfig() private readonly config: PortalConfig,
    private readonly devTokens: DevTokens,
    private readonly revocations: TokenRevocations,
    private readonly resolver: SignInResolver,
    @Inject(ENTRA_STRATEGY_INSTANCE) private readonly entra: BearerVerifier | null,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const response = context.switchToHttp().getResponse<Response>();
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedException(authMessages.signInRequired);

    const verified = await this.verify(token, request, response);
    if (!verified) throw new UnauthorizedException(authMessages.sessionEnded);
    const hash = tokenHash(token);
    if (await this.revocations.isRevoked(hash)) throw new UnauthorizedException(authMessages.sessionEnded);
    const signIn = await this.resolver.resolve(verified, () => correlationIdOf(request));
    if (!signIn) throw new UnauthorizedException(authMessages.sessionEnded);

    request.session = { tokenHash: hash, expiresAt: verified.expiresAt };
    if ('pending' in signIn) {
      request.pendingAccess = signIn.pending;
      if (this.reflector.getAllAndOverride<boolean>(PENDING_MAY_CALL, targets)) return true;
      throw DomainError.forbidden(authMessages.accessPending);
    }
    request.principal = signIn.principal;
    const auditor = isReadOnlyAuditor(signIn.principal);
    const reading = isReadRequest(request.method);
    if (auditor && !reading && !this.reflector.getAllAndOverride<boolean>(AUDITORS_MAY_CALL, targets)) {
      throw DomainError.forbidden(authMessages.auditorsReadOnly);
    }
    if (this.reflector.getAllAndOverride<boolean>(REQUIRES_ADMIN, targets) && !signIn.principal.isAdmin) {
      const auditorsRead = reading && this.reflector.getAllAndOverride<boolean>(AUDITORS_MAY_READ, targets);
      if (!(auditor && auditorsRead)) throw DomainError.forbidden(authMessages.adminOnly);
    }
    const roster = this.reflector.getAllAndOverride<RosterAccess | undefined>(REQUIRES_ROSTER, targets);
    if (roster && !hasRosterAccess(signIn.principal, roster)) throw DomainError.forbidden();
    return true;
  }

  /** The token's subject and times when it is a valid dev or Entra ID token; null otherwise. */
  private async verify(token: string, request: Request, response: Response): Promise<VerifiedSignIn | null> {
    let algorithm: string | undefined;
    try {
      algorithm = decodeProtectedHeader(token).alg;
    } catch {
      return null;
    }
    if (algorithm === 'HS256') return this.config.devSignIn ? this.devTokens.verify(token) : null;
    if (!this.entra) return null;
    return this.entra.authenticateRequest(request, response);
  }
}

function bearerToken(request: PortalRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}
