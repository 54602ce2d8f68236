import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { portalProcess } from './portal-process';
import { startSmtpReceiver } from '../../services/portal/test/smtp-receiver';
import { writeFileSync } from 'node:fs';

/**
 * The portals of a browser run. The run seeds the demo data once, at its pinned "now", into a
 * PostgreSQL template (`seedRunTemplate`, Playwright's global setup); each Playwright worker then
 * starts the built portal (`node services/portal/dist/main.js`, as `npm start` does, on PostgreSQL
 * instead of the embedded database) on a copy of it, with a port, a data folder, an SMTP receiver
 * and a JSON log of its own (`startWorkerPortal`, the worker fixture in e2e/support/test.ts). So the
 * workers share nothing a test changes, and no worker waits for a seed.
 *
 * Ports: worker n listens on E2E_PORT + n (by default the first block from 3199 that is free,
 * e2e/support/free-ports.ts), its SMTP receiver on that + 10,000, and a spec's second portal
 * (second-portal.ts) on that + 20,000.
 */

const ROOT = join(__dirname, '..', '..');
const MAIN = join(ROOT, 'services', 'portal', 'dist', 'main.js');
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const READY_WITHIN_MS = 300_000;

export function basePort(): number {
  return Number(process.env.E2E_PORT ?? 3199);
}

export function workerPort(workerIndex: number): number {
  return basePort() + workerIndex;
}

function databaseUrl(name: string): string {
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The environment every portal of the run gets: the pinned clock, test mode, no reminders. */
function portalEnv(): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORTAL_NOW: process.env.PORTAL_NOW!,
    PORTAL_NOW_AT: process.env.PORTAL_NOW_AT!,
    // As in the integration harness: a saved row shows in the next list even on a loaded machine.
    PROJECTION_WAIT_MS: '30000',
    // The reminders' and the resume sweep's repeatable jobs fire at real instants; no browser test
    // waits for one.
    REMINDERS_ENABLED: 'false',
    RESUME_SWEEP_ENABLED: 'false',
  };
}

interface Started {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/** Starts the built portal with `env` on `port` and waits until it answers (bounded). */
async function startPortal(port: number, env: Record<string, string>, logFile: string): Promise<Started> {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...portalEnv(), PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.stderr!.pipe(log);
  const life = portalProcess(child);
  const stop = async () => {
    await life.stop();
    log.end();
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  if (!(await life.answersWithin(`${baseUrl}/api/auth/config`, READY_WITHIN_MS))) {
    await stop();
    throw new Error(
      `The portal on port ${port} ${life.hasEnded() ? 'ended' : `did not answer within ${READY_WITHIN_MS / 1000} s`}:\n${tail}`,
    );
  }
  return { child, baseUrl, stop };
}

/**
 * Global setup: the demo data seeded at the run's "now" into a database of its own, which every
 * worker's portal copies. The seeding portal answers once its read models show the whole seed; it
 * stops once the jobs the seed asked for are done, so a copy holds no half-done work.
 */
export async function seedRunTemplate(runDir: string): Promise<string> {
  const name = `portal_e2e_${Date.now().toString(36)}_${process.pid}`;
  const building = `${name}_seeding`;
  await admin((client) => client.query(`create database ${building}`));
  const portal = await startPortal(
    basePort(),
    { DATABASE_URL: databaseUrl(building), SEED_DEMO: 'true', DATA_DIR: join(runDir, 'seed') },
    join(runDir, 'seed.log'),
  );
  try {
    const db = new Client({ connectionString: databaseUrl(building) });
    await db.connect();
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const { rows } = await db.query<{ n: string }>(
          "select count(*)::text as n from jobs where state in ('waiting', 'active')",
        );
        if (rows[0].n === '0') break;
        if (Date.now() > deadline)
          throw new Error(`The seed's jobs did not finish within 60 s (${rows[0].n} left)`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await db.end();
    }
  } finally {
    await portal.stop();
  }
  await admin((client) => client.query(`alter database ${building} rename to ${name}`));
  return name;
}

export async function dropDatabase(name: string): Promise<void> {
  await admin((client) => client.query(`drop database if exists ${name} with (force)`));
}

/** A fresh copy of the run's seeded database, `{template}_{suffix}` (one left over is dropped first). */
async function copyRunTemplate(template: string, suffix: string): Promise<string> {
  const database = `${template}_${suffix}`;
  await dropDatabase(database);
  await admin((client) => client.query(`create database ${database} template ${template}`));
  return database;
}

/**
 * A spec's own portal, for a configuration the worker's portal cannot take (e.g. GRAPH_* pointing
 * at a stand-in the spec starts): the built portal on a copy of the run's seeded database, so there
 * is no seed to wait for, on `port` with `env`. `stop()` ends it and drops the copy.
 */
export async function startSpecPortal(
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<{ readonly baseUrl: string; stop(): Promise<void> }> {
  const database = await copyRunTemplate(process.env.PORTAL_E2E_TEMPLATE!, name);
  const dataDir = join(process.env.PORTAL_E2E_DATA_DIR!, name);
  mkdirSync(dataDir, { recursive: true });
  try {
    const portal = await startPortal(
      port,
      { DATABASE_URL: databaseUrl(database), DATA_DIR: dataDir, SEED_DEMO: 'false', ...env },
      join(dataDir, 'stderr.log'),
    );
    return {
      baseUrl: portal.baseUrl,
      stop: async () => {
        await portal.stop();
        await dropDatabase(database);
      },
    };
  } catch (error) {
    await dropDatabase(database);
    throw error;
  }
}

/**
 * A portal of a spec's own on an empty PostgreSQL database (no demo data, `SEED_DEMO=false`), as a
 * firm's first day starts: `beforeStart` runs against the database first (an operator's command,
 * e.g. `npm run staff:add`, with the same environment as the portal), then the portal starts.
 */
export async function startEmptyPortal(
  name: string,
  port: number,
  env: Record<string, string>,
  beforeStart: (env: Record<string, string>) => Promise<void> = async () => undefined,
): Promise<{ readonly baseUrl: string; stop(): Promise<void> }> {
  await dropDatabase(name);
  await admin((client) => client.query(`create database ${name}`));
  const dataDir = join(process.env.PORTAL_E2E_DATA_DIR!, name);
  mkdirSync(dataDir, { recursive: true });
  const portalEnvOfSpec = {
    ...portalEnv(),
    DATABASE_URL: databaseUrl(name),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ...env,
  };
  try {
    await beforeStart(portalEnvOfSpec);
    const portal = await startPortal(port, portalEnvOfSpec, join(dataDir, 'stderr.log'));
    return {
      baseUrl: portal.baseUrl,
      stop: async () => {
        await portal.stop();
        await dropDatabase(name);
      },
    };
  } catch (error) {
    await dropDatabase(name);
    throw error;
  }
}

export interface WorkerPortal {
  readonly baseUrl: string;
  readonly port: number;
  readonly dataDir: string;
  readonly logFile: string;
  /** Where the worker's SMTP receiver writes each mail it receives (smtp.ts reads them). */
  readonly mailDir: string;
  stop(): Promise<void>;
}

/** A worker's portal: a copy of the run's seeded database, its own port, folder, SMTP receiver and log. */
export async function startWorkerPortal(workerIndex: number): Promise<WorkerPortal> {
  const runDir = process.env.PORTAL_E2E_DATA_DIR!;
  const template = process.env.PORTAL_E2E_TEMPLATE!;
  const port = workerPort(workerIndex);
  const dataDir = join(runDir, `worker-${workerIndex}`);
  const mailDir = join(dataDir, 'smtp-received');
  mkdirSync(mailDir, { recursive: true });
  const database = await copyRunTemplate(template, `w${workerIndex}`);

  let count = 0;
  const smtp = await startSmtpReceiver({
    port: port + 10_000,
    unref: true,
    onMail: (mail) => {
      count += 1;
      writeFileSync(join(mailDir, `${String(count).padStart(5, '0')}.json`), JSON.stringify(mail));
    },
  });
  const logFile = join(dataDir, 'portal.log');
  let portal: Started;
  try {
    portal = await startPortal(
      port,
      {
        DATABASE_URL: databaseUrl(database),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        SMTP_URL: `smtp://127.0.0.1:${port + 10_000}`,
        // Everything the portal logs goes to a file the operations spec searches for personal data.
        LOG_LEVEL: 'debug',
        LOG_FILE: logFile,
      },
      join(dataDir, 'stderr.log'),
    );
  } catch (error) {
    await smtp.close();
    await dropDatabase(database);
    throw error;
  }
  return {
    baseUrl: portal.baseUrl,
    port,
    dataDir,
    logFile,
    mailDir,
    stop: async () => {
      await portal.stop();
      await smtp.close();
      await dropDatabase(database);
    },
  };
}
