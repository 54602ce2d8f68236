import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { errors, jwtVerify, SignJWT } from 'jose';
import { Clock } from '../clock/clock';
import type { PortalConfig } from '../config/config';
import { InjectConfig } from '../config/config.provider';

export const DEV_TOKEN_ISSUER = 'portal-dev-sign-in';
export const DEV_TOKEN_AUDIENCE = 'portal';
export const DEV_TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

export interface VerifiedDevToken {
  readonly staffId: number;
  readonly expiresAt: Date;
  /** When it was issued (whole seconds): sessions ended since refuse it. */
  readonly issuedAt: Date;
}

/**
 * Tokens of the dev sign-in (embedded default and demos): HS256 JWTs signed with SESSION_SECRET,
 * valid 12 hours, subject = staff id, with a jti. Issued and checked against the injected Clock.
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

  async issue(staffId: number): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(staffId))
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
      const staffId = Number(payload.sub);
      if (!Number.isSafeInteger(staffId) || staffId <= 0 || payload.exp === undefined) return null;
      return {
        staffId,
        expiresAt: new Date(payload.exp * 1000),
        issuedAt: new Date((payload.iat ?? 0) * 1000),
      };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
