import { sql } from 'kysely';
import type { Database } from '../database';

/**
 * Jobs asked for while Redis may be away (REDIS_URL set): kept here first, in PostgreSQL, and
 * relayed to BullMQ by every process (`relayed_at` set once BullMQ holds the job). A job id is
 * kept once, so asking again is a no-op.
 */
export async function up(db: Database): Promise<void> {
  await sql`
    create table job_outbox (
      job_id text primary key,
      name text not null,
      data jsonb not null,
      created_at timestamptz not null default now(),
      relayed_at timestamptz
    )`.execute(db);
  await sql`create index job_outbox_pending on job_outbox (created_at) where relayed_at is null`.execute(db);
}

export async function down(db: Database): Promise<void> {
  await sql`drop table job_outbox`.execute(db);
}
