import { Logger } from '@nestjs/common';
import { sql } from 'kysely';
import type { PortalConfig } from '../config/config';
import type { Database } from '../database/database';
import { Mailer, type MailMessage } from './mailer.port';
import { OutboxMailer } from './outbox-mailer';
import type { SmtpMailer } from './smtp-mailer';

/**
 * SMTP_URL set: delivers over SMTP, then keeps the mail in the outbox, so admins read what went out
 * whichever way the portal runs. Keeping it must not send it twice: once delivered, a failure to
 * keep it is logged (without the mail's addresses or words) and the send still succeeds, so the
 * job is not retried.
 *
 * A mail with a `deliveryId` goes out once per id, even when two runs of its job overlap (BullMQ
 * can start a job again while its first run still goes on, when Redis came back and the lock of the
 * first run had lapsed): each run takes a transaction-scoped advisory lock on the id, looks in the
 * outbox, sends and keeps the mail before letting go; the second run waits, then finds it kept.
 */
export class DeliveringMailer extends Mailer {
  private readonly logger = new Logger('Mailer');

  constructor(
    readonly smtp: SmtpMailer,
    private readonly db: Database,
  ) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    const { deliveryId } = message;
    if (deliveryId === undefined) {
      await this.smtp.send(message);
      await this.keep(message, new OutboxMailer(this.db));
      return;
    }
    let delivered = false;
    try {
      await this.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${MAIL_LOCK_NAMESPACE}::int, hashtext(${deliveryId}::text))`.execute(
          trx,
        );
        const outbox = new OutboxMailer(trx);
        if (await outbox.delivered(deliveryId)) return;
        await this.smtp.send(message);
        delivered = true;
        await outbox.send(message);
      });
    } catch (error) {
      if (!delivered) throw error;
      this.warnNotKept(error);
    }
  }

  private async keep(message: MailMessage, outbox: OutboxMailer): Promise<void> {
    try {
      await outbox.send(message);
    } catch (error) {
      this.warnNotKept(error);
    }
  }

  private warnNotKept(error: unknown): void {
    const reason = error instanceof Error ? error.message : 'unknown error';
    this.logger.warn(`Delivered a mail but could not keep it in the outbox: ${reason}`);
  }
}

/** Advisory lock namespace (first int of the two-int form) of mail deliveries; the runners use 0x706f72. */
export const MAIL_LOCK_NAMESPACE = 0x6d61696c;

/**
 * SMTP (and the outbox) when SMTP_URL is set, otherwise the outbox table alone. The SMTP mailer
 * (and nodemailer) is loaded only when SMTP_URL is set (decision 0243).
 */
export async function createMailer(
  config: Pick<PortalConfig, 'smtpUrl' | 'mailFrom'>,
  db: Database,
): Promise<Mailer> {
  if (!config.smtpUrl) return new OutboxMailer(db);
  const { SmtpMailer } = await import('./smtp-mailer');
  return new DeliveringMailer(new SmtpMailer(config.smtpUrl, config.mailFrom), db);
}
