import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { portalProcess } from './portal-process';

/**
 * A second built portal for a spec whose configuration the run's portal (playwright.config.ts)
 * cannot take, e.g. Power BI: started as the run's one is (`node services/portal/dist/main.js`,
 * the embedded default with demo data in a fresh data folder, the run's pinned "now", reminders
 * and resume sweep off) plus `env`, on `port`. Bounded: `startSecondPortal` gives up after
 * `readyWithinMs` (the process is then stopped) and `stop()` ends the process (SIGTERM, then
 * SIGKILL after 10 s) and removes its data folder.
 */
export interface SecondPortal {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

const ROOT = join(__dirname, '..', '..');
const MAIN = join(ROOT, 'services', 'portal', 'dist', 'main.js');

export async function startSecondPortal(
  port: number,
  env: Record<string, string>,
  readyWithinMs = 300_000,
): Promise<SecondPortal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-second-'));
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      PORTAL_NOW: process.env.PORTAL_NOW!,
      PORTAL_NOW_AT: process.env.PORTAL_NOW_AT!,
      PROJECTION_WAIT_MS: '30000',
      REMINDERS_ENABLED: 'false',
      RESUME_SWEEP_ENABLED: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const life = portalProcess(child);
  const stop = async () => {
    await life.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  if (!(await life.answersWithin(`${baseUrl}/api/auth/config`, readyWithinMs))) {
    await stop();
    throw new Error(
      `The second portal on port ${port} ${life.hasEnded() ? 'ended' : `did not answer within ${readyWithinMs / 1000} s`}:\n${output}`,
    );
  }
  return { baseUrl, stop };
}
