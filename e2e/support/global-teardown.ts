import { rmSync } from 'node:fs';

/** Removes the portal's data folder of this run (made in playwright.config.ts). */
export default function globalTeardown(): void {
  const dataDir = process.env.PORTAL_E2E_DATA_DIR;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
