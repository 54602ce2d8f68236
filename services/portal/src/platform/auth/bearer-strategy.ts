import { authMessages } from '@portal/contracts';
import type { Request, Response } from 'express';
import passport from 'passport';
import { DomainError } from '../../kernel/domain-error';
import type { VerifiedSignIn } from './sign-in-resolver';
import { nameOf, usernameOf, type UsernameClaims } from './sign-in-domain';

/** What a single sign-on strategy hands the guard for a valid token: the address and name it names, its times. */
export type SingleSignOn = VerifiedSignIn & { readonly username: string };

/** The guard's view of a single sign-on strategy (Entra ID's, or another OpenID Connect provider's). */
export interface BearerVerifier {
  authenticateRequest(request: Request, response: Response): Promise<SingleSignOn | null>;
}

/** The claims of a checked token the portal reads. */
export type SignInClaims = UsernameClaims & {
  readonly name?: unknown;
  readonly iat?: number;
  readonly exp?: number;
};

/** Whom a checked token names; a token naming no address is refused (403). */
export function signInOf(claims: SignInClaims): SingleSignOn {
  const username = usernameOf(claims);
  if (!username) throw DomainError.forbidden(authMessages.notAllowedToLogin);
  return {
    username,
    name: nameOf(claims.name, username),
    issuedAt: new Date((claims.iat ?? 0) * 1000),
    expiresAt: new Date((claims.exp ?? 0) * 1000),
  };
}

/**
 * Runs a passport strategy on one request. passport augments the strategy object it runs with the
 * request's callbacks, so each request gets its own object (prototype = the strategy), as passport
 * does for named strategies; the app does not depend on passport's global registry.
 */
export function authenticateWith(
  strategy: passport.Strategy,
  request: Request,
  response: Response,
): Promise<SingleSignOn | null> {
  return new Promise((resolve, reject) => {
    const perRequest = Object.create(strategy) as passport.Strategy;
    const middleware = passport.authenticate(
      perRequest,
      { session: false },
      (error: unknown, user: SingleSignOn | false | undefined) => {
        if (error) reject(error);
        else resolve(user || null);
      },
    ) as (req: Request, res: Response, next: (error?: unknown) => void) => void;
    middleware(request, response, (error?: unknown) => (error ? reject(error) : resolve(null)));
  });
}
