import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ReceivedMail } from '../../services/portal/test/smtp-receiver';

/**
 * The browser run's mail. Each worker's portal sends every mail over SMTP to a real `smtp-server`
 * receiver of that worker (run-portal.ts), which writes each mail it receives as a JSON file into
 * the worker's folder; tests read them with `receivedMails`. The portal keeps every mail in its
 * outbox as well, so the specs that read /admin/outbox read the same mails.
 */
export type { ReceivedMail };

/** Every mail this worker's SMTP server has received so far, in the order received. */
export function receivedMails(): ReceivedMail[] {
  const dir = process.env.PORTAL_E2E_MAIL_DIR;
  if (!dir) throw new Error("PORTAL_E2E_MAIL_DIR is not set (the worker's portal fixture sets it)");
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as ReceivedMail);
}
