import { sql } from 'kysely';
import type { Database } from '../database';

/** Tokens ended by logout (platform/auth/token-revocations.ts), kept until they expire. */
export async function up(db: Database): Promise<void> {
  await sql`
    create table revoked_tokens (
      token_hash text primary key,
      expires_at timestamptz not null,
      revoked_at timestamptz not null
    )`.execute(db);
  await sql`create index revoked_tokens_expiry on revoked_tokens (expires_at)`.execute(db);
}

export async function down(db: Database): Promise<void> {
  await sql`drop table revoked_tokens`.execute(db);
}
