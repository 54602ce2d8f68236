import { sql } from 'kysely';
import type { Database } from '../database';

/** Mails of the embedded default (no SMTP_URL): kept here and listed to admins. */
export async function up(db: Database): Promise<void> {
  await sql`
    create table mail_outbox (
      id uuid primary key,
      seq bigint generated always as identity,
      "to" jsonb not null,
      subject text not null,
      text text not null,
      html text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index mail_outbox_newest on mail_outbox (created_at desc, seq desc)`.execute(db);
}

export async function down(db: Database): Promise<void> {
  await sql`drop table mail_outbox`.execute(db);
}
