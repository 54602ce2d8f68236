import { PassportStrategy } from '@nestjs/passport';
import type { Request, Response } from 'express';
import { BearerStrategy, type ITokenPayload } from 'passport-azure-ad';
import type { PortalConfig } from '../config/config';
import {
  authenticateWith,
  signInOf,
  type BearerVerifier,
  type SignInClaims,
  type SingleSignOn,
} from './bearer-strategy';

export const ENTRA_STRATEGY = 'entra';

/**
 * Entra ID bearer tokens, checked by passport-azure-ad (signature from the tenant's published
 * keys, expiry, audience, issuer = the tenant). Who the token's address is (a staff member, a
 * newcomer, or refused) the guard's SignInResolver decides, as for a dev token.
 * passport-azure-ad fetches the OpenID metadata and keys over https with Node's global agent.
 * Another OpenID Connect provider's tokens are checked by OpenIdConnectStrategy (record 0273:
 * passport-azure-ad reads a token's claims only when its header says `typ: JWT`).
 */
export class EntraStrategy
  extends PassportStrategy(BearerStrategy, ENTRA_STRATEGY)
  implements BearerVerifier
{
  constructor(config: PortalConfig) {
    const entra = config.entra;
    if (!entra?.issuers) throw new Error('EntraStrategy needs config.entra of Entra ID');
    super({
      identityMetadata: entra.metadataUrl,
      clientID: entra.clientId,
      audience: entra.audience,
      validateIssuer: true,
      issuer: [...entra.issuers],
      passReqToCallback: false,
      loggingNoPII: true,
      loggingLevel: 'error',
    });
  }

  async validate(token: ITokenPayload): Promise<SingleSignOn> {
    return signInOf(token as SignInClaims);
  }

  authenticateRequest(request: Request, response: Response): Promise<SingleSignOn | null> {
    return authenticateWith(this, request, response);
  }
}
