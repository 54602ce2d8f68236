import { sql } from 'kysely';
import type { Database } from '../database';

/**
 * A kept mail remembers the job that sent it (`delivery_id`, unique): a job run again after its
 * worker died finds its mail already kept and sends nothing (mail goes out once per job).
 */
export async function up(db: Database): Promise<void> {
  await sql`alter table mail_outbox add column delivery_id text`.execute(db);
  await sql`create unique index mail_outbox_delivery on mail_outbox (delivery_id)`.execute(db);
}

export async function down(db: Database): Promise<void> {
  await sql`drop index mail_outbox_delivery`.execute(db);
  await sql`alter table mail_outbox drop column delivery_id`.execute(db);
}
