import type { Mailer } from '../mail/mailer.port';
import { emailsTotal } from './metrics';

/**
 * Counts the Mailer's sends (`portal_emails_total`): sent when `send` resolves (delivered over
 * SMTP, or kept in the outbox when no SMTP is configured), failed when it throws (the job retries).
 */
export function countSends<M extends Mailer>(mailer: M): M {
  const send = mailer.send.bind(mailer);
  mailer.send = async (message) => {
    try {
      await send(message);
    } catch (error) {
      emailsTotal.inc({ outcome: 'failed' });
      throw error;
    }
    emailsTotal.inc({ outcome: 'sent' });
  };
  return mailer;
}
