import { Logger } from '@nestjs/common';
import type { PortalConfig } from '../config/config';
import type { Database } from '../database/database';
import { Mailer, type MailMessage } from './mailer.port';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

/**
 * SMTP_URL set: delivers over SMTP, then keeps the mail in the outbox, so admins read what went out
 * whichever way the portal runs. Keeping it must not send it twice: once delivered, a failure to
 * keep it is logged (without the mail's addresses or words) and the send still succeeds, so the
 * job is not retried. A mail with a `deliveryId` already kept went out before (its job runs again
 * after a worker died): it is not sent again.
 */
export class DeliveringMailer extends Mailer {
  private readonly logger = new Logger('Mailer');

  constructor(
    readonly smtp: SmtpMailer,
    private readonly outbox: OutboxMailer,
  ) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    if (message.deliveryId !== undefined && (await this.outbox.delivered(message.deliveryId))) return;
    await this.smtp.send(message);
    try {
      await this.outbox.send(message);
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'unknown error';
      this.logger.warn(`Delivered a mail but could not keep it in the outbox: ${reason}`);
    }
  }
}

/** SMTP (and the outbox) when SMTP_URL is set, otherwise the outbox table alone. */
export function createMailer(config: Pick<PortalConfig, 'smtpUrl' | 'mailFrom'>, db: Database): Mailer {
  const outbox = new OutboxMailer(db);
  return config.smtpUrl
    ? new DeliveringMailer(new SmtpMailer(config.smtpUrl, config.mailFrom), outbox)
    : outbox;
}
