import { sql } from 'kysely';
import type { Database } from '../database';

/**
 * Jobs of the in-process queue (the embedded default, used when REDIS_URL is not set). Kept in
 * the database so a restart loses no job; `locked_until` is the lease of the worker running it,
 * so a job whose worker died is picked up again once the lease runs out.
 */
export async function up(db: Database): Promise<void> {
  await sql`
    create table jobs (
      id text primary key,
      name text not null,
      data jsonb not null,
      state text not null default 'waiting',
      progress integer not null default 0,
      attempts_made integer not null default 0,
      max_attempts integer not null,
      run_at timestamptz not null default now(),
      locked_until timestamptz,
      result jsonb,
      failed_reason text,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      constraint jobs_state check (state in ('waiting', 'active', 'completed', 'failed'))
    )`.execute(db);
  await sql`create index jobs_due on jobs (run_at) where state in ('waiting', 'active')`.execute(db);
}

export async function down(db: Database): Promise<void> {
  await sql`drop table jobs`.execute(db);
}
