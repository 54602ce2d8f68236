import { randomUUID } from 'node:crypto';
import type { OutboxMail } from '@portal/contracts';
import { sql } from 'kysely';
import type { Database } from '../database/database';
import { Mailer, type MailMessage } from './mailer.port';

/** A mail kept in the outbox, as admins see it (the contract of GET /api/admin/outbox). */
export type { OutboxMail };

/**
 * Keeps mails in the `mail_outbox` table: the embedded default's only mailbox (no SMTP_URL), and
 * the record of what went out over SMTP otherwise. A mail with `outboxText` is kept with that text
 * in place of its own (and without its html).
 */
export class OutboxMailer extends Mailer {
  constructor(private readonly db: Database) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    await this.db
      .insertInto('mail_outbox')
      .values({
        id: randomUUID(),
        to: JSON.stringify(message.to),
        subject: message.subject,
        text: message.outboxText ?? message.text,
        html: message.outboxText === undefined ? (message.html ?? null) : null,
        owner_id: message.ownerId,
        reply_to: message.replyTo ?? null,
        delivery_id: message.deliveryId ?? null,
      })
      // The same delivery kept again (a job run twice) keeps the first.
      .onConflict((oc) => oc.column('delivery_id').doNothing())
      .execute();
  }

  /** True when a mail of this delivery id is kept already (it went out). */
  async delivered(deliveryId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('delivery_id', '=', deliveryId)
      .executeTakeFirst();
    return row !== undefined;
  }
}

/** Which kept mails a reader may see: every mail, or only those about one owner's people. */
export type OutboxScope = { readonly everyOwner: true } | { readonly ownerId: number };

/** The outbox, newest first (at most `limit` mails), within `scope`. */
export async function listOutbox(db: Database, scope: OutboxScope, limit = 200): Promise<OutboxMail[]> {
  let query = db
    .selectFrom('mail_outbox')
    .select([
      'id',
      'to',
      'subject',
      'text',
      'reply_to',
      sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('created_at'),
    ])
    .orderBy('mail_outbox.created_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(limit);
  if ('ownerId' in scope) query = query.where('owner_id', '=', scope.ownerId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    to: Array.isArray(row.to) ? row.to.map(String) : [],
    subject: row.subject,
    text: row.text,
    replyTo: row.reply_to,
    createdAt: row.created_at,
  }));
}
