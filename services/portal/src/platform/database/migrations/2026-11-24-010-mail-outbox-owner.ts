import { sql } from 'kysely';
import type { Database } from '../database';

/**
 * Each kept mail remembers the owner whose people it is about (`MailMessage.ownerId`), so the
 * outbox shows a sightstream admin only owner-2 mail. Mails kept before have no owner (null):
 * only the firm's admins see them.
 */
export async function up(db: Database): Promise<void> {
  await sql`alter table mail_outbox add column owner_id integer`.execute(db);
  await sql`create index mail_outbox_owner_newest on mail_outbox (owner_id, created_at desc, seq desc)`.execute(
    db,
  );
}

export async function down(db: Database): Promise<void> {
  await sql`drop index mail_outbox_owner_newest`.execute(db);
  await sql`alter table mail_outbox drop column owner_id`.execute(db);
}
