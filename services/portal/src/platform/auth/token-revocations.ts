import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Clock } from '../clock/clock';
import type { Database } from '../database/database';
import { InjectDatabase } from '../database/database.provider';

/** The key a token is revoked under: its SHA-256 (the table never holds a usable token). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Tokens ended by logout, kept until they would have expired anyway (table `revoked_tokens`). */
@Injectable()
export class TokenRevocations {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async revoke(hash: string, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('revoked_tokens')
      .values({ token_hash: hash, expires_at: expiresAt, revoked_at: this.clock.now() })
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .execute();
    // Housekeeping: rows of tokens that expired by both the business clock and the database's
    // clock (Entra tokens expire by real time, dev tokens by the Clock) are no longer needed.
    await this.db
      .deleteFrom('revoked_tokens')
      .where('expires_at', '<', sql<Date>`least(now(), ${this.clock.now()}::timestamptz)`)
      .execute();
  }

  async isRevoked(hash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('revoked_tokens')
      .select('token_hash')
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    return row !== undefined;
  }
}
