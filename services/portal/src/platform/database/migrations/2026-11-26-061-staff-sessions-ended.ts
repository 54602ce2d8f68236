import { sql } from 'kysely';
import type { Database } from '../database';

/**
 * People whose sessions were ended (platform/auth/staff-sessions.ts): every token issued to them
 * up to `ended_at` is refused, whatever the read models say yet.
 */
export async function up(db: Database): Promise<void> {
  await sql`
    create table staff_sessions_ended (
      staff_id integer primary key,
      username text not null,
      ended_at timestamptz not null
    )`.execute(db);
  await sql`create index staff_sessions_ended_username on staff_sessions_ended (username)`.execute(db);
}

export async function down(db: Database): Promise<void> {
  await sql`drop table staff_sessions_ended`.execute(db);
}
