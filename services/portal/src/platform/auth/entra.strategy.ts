import { authMessages } from '@portal/contracts';
import { PassportStrategy } from '@nestjs/passport';
import type { Request, Response } from 'express';
import passport from 'passport';
import { BearerStrategy, type ITokenPayload } from 'passport-azure-ad';
import type { PortalConfig } from '../config/config';
import { DomainError } from '../../kernel/domain-error';
import type { VerifiedSignIn } from './sign-in-resolver';
import { nameOf, usernameOf } from './sign-in-domain';

export const ENTRA_STRATEGY = 'entra';

/** What the strategy hands the guard for a valid token: the address and name it names, its times. */
export type EntraSignIn = VerifiedSignIn & { readonly username: string };

/** The issuers Entra ID uses for a tenant: v2.0 tokens, and v1.0 access tokens. */
export function entraIssuers(tenantId: string): string[] {
  return [`https://login.microsoftonline.com/${tenantId}/v2.0`, `https://sts.windows.net/${tenantId}/`];
}

export function entraAuthority(tenantId: string): string {
  return `https://login.microsoftonline.com/${tenantId}`;
}

/**
 * Entra ID bearer tokens, checked by passport-azure-ad (signature from the tenant's published
 * keys, expiry, audience, issuer = the tenant). Who the token's address is (a staff member, a
 * newcomer, or refused) the guard's SignInResolver decides, as for a dev token.
 * passport-azure-ad fetches the OpenID metadata and keys over https with Node's global agent.
 */
export class EntraStrategy extends PassportStrategy(BearerStrategy, ENTRA_STRATEGY) {
  constructor(config: PortalConfig) {
    const entra = config.entra;
    if (!entra) throw new Error('EntraStrategy needs config.entra');
    super({
      identityMetadata: entra.metadataUrl,
      clientID: entra.clientId,
      audience: entra.audience,
      validateIssuer: true,
      issuer: entraIssuers(entra.tenantId),
      passReqToCallback: false,
      loggingNoPII: true,
      loggingLevel: 'error',
    });
  }

  async validate(token: ITokenPayload): Promise<EntraSignIn> {
    const username = usernameOf(token as ITokenPayload & { upn?: unknown; email?: unknown });
    if (!username) throw DomainError.forbidden(authMessages.notAllowedToLogin);
    return {
      username,
      name: nameOf(token.name, username),
      issuedAt: new Date((token.iat ?? 0) * 1000),
      expiresAt: new Date((token.exp ?? 0) * 1000),
    };
  }

  /**
   * Runs the strategy on one request. passport augments the strategy object it runs with the
   * request's callbacks, so each request gets its own object (prototype = this), as passport does
   * for named strategies; the app does not depend on passport's global registry.
   */
  authenticateRequest(request: Request, response: Response): Promise<EntraSignIn | null> {
    return new Promise((resolve, reject) => {
      const perRequest = Object.create(this) as passport.Strategy;
      const middleware = passport.authenticate(
        perRequest,
        { session: false },
        (error: unknown, user: EntraSignIn | false | undefined) => {
          if (error) reject(error);
          else resolve(user || null);
        },
      ) as (req: Request, res: Response, next: (error?: unknown) => void) => void;
      middleware(request, response, (error?: unknown) => (error ? reject(error) : resolve(null)));
    });
  }
}
