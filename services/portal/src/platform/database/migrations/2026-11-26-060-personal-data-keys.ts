import { sql } from 'kysely';
import type { Database } from '../database';

/**
 * Each person's data key (platform/crypto), wrapped by the master key, apart from the event log:
 * deleting a person's row makes every ciphertext of theirs unreadable (erasure by key deletion).
 */
export async function up(db: Database): Promise<void> {
  await sql`
    create table personal_data_keys (
      subject text primary key,
      wrapped_key text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Database): Promise<void> {
  await sql`drop table personal_data_keys`.execute(db);
}
