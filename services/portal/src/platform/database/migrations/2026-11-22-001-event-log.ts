import { sql } from 'kysely';
import type { Database } from '../database';

/**
 * The append-only event log. `position` is the row's sequence number; `transaction_id` is the
 * appending transaction, which makes reading gap-safe: readers see only rows whose transaction
 * is older than every transaction still running, ordered by (transaction_id, position).
 */
export async function up(db: Database): Promise<void> {
  await sql`
    create table events (
      position bigserial primary key,
      transaction_id xid8 not null default pg_current_xact_id(),
      event_id uuid not null unique,
      stream_id text not null,
      revision bigint not null,
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null default now(),
      unique (stream_id, revision)
    )`.execute(db);
  await sql`create index events_log_order on events (transaction_id, position)`.execute(db);
  await sql`create index events_by_type on events (type)`.execute(db);
  await sql`
    create table projection_checkpoints (
      name text primary key,
      version integer not null,
      commit_position numeric(20, 0),
      prepare_position numeric(20, 0),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table command_results (
      command_id text primary key,
      actor_id text not null,
      response jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Database): Promise<void> {
  await sql`drop table command_results`.execute(db);
  await sql`drop table projection_checkpoints`.execute(db);
  await sql`drop table events`.execute(db);
}
