import { sql } from 'kysely';
import type { Database } from '../database';

/** A kept mail remembers its Reply-To (a contact-form mail answers the person who wrote it). */
export async function up(db: Database): Promise<void> {
  await sql`alter table mail_outbox add column reply_to text`.execute(db);
}

export async function down(db: Database): Promise<void> {
  await sql`alter table mail_outbox drop column reply_to`.execute(db);
}
