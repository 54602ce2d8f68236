import { rmSync } from 'node:fs';
import { stopRunSmtpReceiver } from './smtp';

/** Stops the run's SMTP receiver and removes the portal's data folder of this run (made in playwright.config.ts). */
export default async function globalTeardown(): Promise<void> {
  await stopRunSmtpReceiver();
  const dataDir = process.env.PORTAL_E2E_DATA_DIR;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
