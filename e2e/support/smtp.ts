import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSmtpReceiver, type ReceivedMail } from '../../services/portal/test/smtp-receiver';

/**
 * The browser run's SMTP server. The portal the tests start sends every mail over SMTP to a real
 * `smtp-server` receiver on 127.0.0.1 (port E2E_PORT + 10000, so helpers' runs do not collide),
 * which writes each mail it receives as a JSON file into `smtp-received/` of the run's data folder;
 * tests read them with `receivedMails`. The portal keeps every mail in its outbox as well, so the
 * specs that read /admin/outbox read the same mails.
 */
export type { ReceivedMail };

export function smtpReceiverPort(portalPort: number): number {
  return portalPort + 10_000;
}

function receivedDir(): string {
  const dataDir = process.env.PORTAL_E2E_DATA_DIR;
  if (!dataDir) throw new Error('PORTAL_E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return join(dataDir, 'smtp-received');
}

/** Where the main process keeps the receiver's close (the config and the teardown may not share modules). */
const CLOSE = Symbol.for('portal.e2e.smtpReceiver.close');
const holder = globalThis as { [CLOSE]?: () => Promise<void> };

/**
 * Starts the receiver once per run, in Playwright's main process (playwright.config.ts calls it
 * while the config loads, before the portal starts; workers load the config too and inherit
 * PORTAL_E2E_SMTP_URL, so they start none). Returns the portal's SMTP_URL.
 */
export function startRunSmtpReceiver(port: number): string {
  if (process.env.PORTAL_E2E_SMTP_URL) return process.env.PORTAL_E2E_SMTP_URL;
  const dir = receivedDir();
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const started = startSmtpReceiver({
    port,
    unref: true,
    onMail: (mail) => {
      count += 1;
      writeFileSync(join(dir, `${String(count).padStart(5, '0')}.json`), JSON.stringify(mail));
    },
  });
  started.then(
    (receiver) => {
      holder[CLOSE] = receiver.close;
    },
    (error: unknown) => {
      console.error(`The e2e SMTP receiver could not listen on 127.0.0.1:${port}:`, error);
      process.exit(1);
    },
  );
  process.env.PORTAL_E2E_SMTP_URL = `smtp://127.0.0.1:${port}`;
  return process.env.PORTAL_E2E_SMTP_URL;
}

/** Stops the receiver (global teardown, main process). */
export async function stopRunSmtpReceiver(): Promise<void> {
  await holder[CLOSE]?.();
}

/** Every mail the run's SMTP server has received so far, in the order received. */
export function receivedMails(): ReceivedMail[] {
  const dir = receivedDir();
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as ReceivedMail);
}
