import type { PortalConfig } from '../config/config';
import type { Database } from '../database/database';
import type { Mailer } from './mailer.port';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set, otherwise the outbox table. */
export function createMailer(config: Pick<PortalConfig, 'smtpUrl' | 'mailFrom'>, db: Database): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(db);
}
