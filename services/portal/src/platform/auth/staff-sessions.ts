import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Database } from '../database/database';
import { InjectDatabase } from '../database/database.provider';

/** Whose sessions end, and when. */
export interface EndedSessions {
  readonly staffId: number;
  readonly username: string;
  readonly at: Date;
}

/**
 * Ends every session of a person at once (table `staff_sessions_ended`): a token issued to them
 * up to that moment is refused on their next request (401), whatever the read models say yet.
 * Written in the same request that deactivates them, so no projection lag lets a request through;
 * a later sign-in (after reactivation) issues a newer token, which passes.
 */
@Injectable()
export class StaffSessions {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async endAll({ staffId, username, at }: EndedSessions): Promise<void> {
    await this.db
      .insertInto('staff_sessions_ended')
      .values({ staff_id: staffId, username: username.toLowerCase(), ended_at: at })
      .onConflict((oc) =>
        oc.column('staff_id').doUpdateSet({
          username: username.toLowerCase(),
          ended_at: sql<Date>`greatest(staff_sessions_ended.ended_at, excluded.ended_at)`,
        }),
      )
      .execute();
  }

  /**
   * True when the person's sessions were ended at or after `issuedAt` (the token's iat, whole
   * seconds): the token belongs to an ended session.
   */
  async hasEnded(who: { staffId: number } | { username: string }, issuedAt: Date): Promise<boolean> {
    const query = this.db.selectFrom('staff_sessions_ended').select('ended_at');
    const row = await (
      'staffId' in who
        ? query.where('staff_id', '=', who.staffId)
        : query.where('username', '=', who.username.trim().toLowerCase())
    ).executeTakeFirst();
    if (!row) return false;
    // iat has whole seconds: a token of the same second as the end counts as ended.
    return Math.floor(new Date(row.ended_at).getTime() / 1000) >= Math.floor(issuedAt.getTime() / 1000);
  }
}
