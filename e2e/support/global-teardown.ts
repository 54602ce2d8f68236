import { rmSync } from 'node:fs';
import { dropDatabase } from './run-portal';

/** Drops the run's seeded template and removes the run's data folder (made in playwright.config.ts). */
export default async function globalTeardown(): Promise<void> {
  if (process.env.PORTAL_E2E_TEMPLATE) await dropDatabase(process.env.PORTAL_E2E_TEMPLATE);
  const dataDir = process.env.PORTAL_E2E_DATA_DIR;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
