import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { errors, jwtVerify, SignJWT } from 'jose';
import { Clock } from '../clock/clock';
import type { PortalConfig } from '../config/config';
import { InjectConfig } from '../config/config.provider';
import type { SignInIdentity } from './newcomers';
import { nameOf } from './sign-in-domain';

export const DEV_TOKEN_ISSUER = 'portal-dev-sign-in';
export const DEV_TOKEN_AUDIENCE = 'portal';
export const DEV_TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

/** Whom a dev token names: a staff id (the picker), or someone not yet known (a first sign-in). */
export type DevTokenSubject = { readonly staffId: number } | SignInIdentity;

export type VerifiedDevToken = DevTokenSubject & {
  readonly expiresAt: Date;
  /** When it was issued (whole seconds): sessions ended since refuse it. */
  readonly issuedAt: Date;
};

/** The subject of a first sign-in's token: the address, after this prefix (a staff id is digits). */
const NEWCOMER_SUBJECT = 'address:';

/**
 * Tokens of the dev sign-in (embedded default and demos): HS256 JWTs signed with SESSION_SECRET,
 * valid 12 hours, subject = staff id, with a jti. Issued and checked against the injected Clock.
 * A first sign-in's token (someone not yet known, issue 25) has the subject `address:{e-mail}` and
 * a `name` claim, as an Entra ID token of such a person carries their name.
 */
@Injectable()
export class DevTokens {
  private readonly key: Uint8Array;

  constructor(
    @InjectConfig() config: PortalConfig,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(config.sessionSecret);
  }

  async issue(subject: DevTokenSubject): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const newcomer = 'username' in subject;
    return new SignJWT(newcomer ? { name: subject.name } : {})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(newcomer ? `${NEWCOMER_SUBJECT}${subject.username}` : String(subject.staffId))
      .setIssuer(DEV_TOKEN_ISSUER)
      .setAudience(DEV_TOKEN_AUDIENCE)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + DEV_TOKEN_LIFETIME_SECONDS)
      .sign(this.key);
  }

  /** The token's staff id and expiry, or null when it is not a valid, unexpired dev token. */
  async verify(token: string): Promise<VerifiedDevToken | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: DEV_TOKEN_ISSUER,
        audience: DEV_TOKEN_AUDIENCE,
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp', 'jti'],
      });
      if (payload.exp === undefined || payload.sub === undefined) return null;
      const times = {
        expiresAt: new Date(payload.exp * 1000),
        issuedAt: new Date((payload.iat ?? 0) * 1000),
      };
      if (payload.sub.startsWith(NEWCOMER_SUBJECT)) {
        const username = payload.sub.slice(NEWCOMER_SUBJECT.length);
        return { username, name: nameOf(payload.name, username), ...times };
      }
      const staffId = Number(payload.sub);
      if (!Number.isSafeInteger(staffId) || staffId <= 0) return null;
      return { staffId, ...times };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
