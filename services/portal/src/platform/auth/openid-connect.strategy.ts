import { PassportStrategy } from '@nestjs/passport';
import type { Request, Response } from 'express';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { PortalConfig } from '../config/config';
import {
  authenticateWith,
  signInOf,
  type BearerVerifier,
  type SignInClaims,
  type SingleSignOn,
} from './bearer-strategy';
import { OpenIdMetadata } from './openid-metadata';

export const OPENID_CONNECT_STRATEGY = 'openid-connect';

/** The asymmetric algorithms a provider may sign with (never `none` nor a shared secret). */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512'] as const;

/**
 * Bearer tokens of an OpenID Connect provider other than Entra ID (ENTRA_AUTHORITY, record 0273),
 * checked by passport-jwt: the signature by a key the provider publishes (its metadata's
 * `jwks_uri`), expiry, the audience (ENTRA_AUDIENCE, else the client id) and the issuer its
 * metadata names. The web sends the ID token MSAL got for the portal's client. Who the address
 * is the guard's SignInResolver decides, as for Entra ID and dev tokens.
 */
export class OpenIdConnectStrategy
  extends PassportStrategy(JwtStrategy, OPENID_CONNECT_STRATEGY)
  implements BearerVerifier
{
  private readonly metadata: OpenIdMetadata;

  constructor(config: PortalConfig) {
    const sso = config.entra;
    if (!sso) throw new Error('OpenIdConnectStrategy needs config.entra');
    const metadata = new OpenIdMetadata(sso.metadataUrl);
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      audience: sso.audience,
      algorithms: [...ALGORITHMS],
      secretOrKeyProvider: (
        _request: Request,
        token: string,
        done: (error: unknown, key?: string) => void,
      ) => {
        metadata.keyFor(token).then(
          (key) => done(null, key),
          (error: unknown) => done(error),
        );
      },
    });
    this.metadata = metadata;
  }

  /** A token of another issuer is no sign-in (401), whatever key signed it. */
  async validate(claims: SignInClaims & { readonly iss?: unknown }): Promise<SingleSignOn | false> {
    if (claims.iss !== (await this.metadata.issuer())) return false;
    return signInOf(claims);
  }

  authenticateRequest(request: Request, response: Response): Promise<SingleSignOn | null> {
    return authenticateWith(this, request, response);
  }
}
