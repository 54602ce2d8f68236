import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import IORedis from 'ioredis';
import { freePort } from '../src/bench/idle';
import { sleep } from './waiting';

/**
 * The built portal (services/portal/dist) run as real processes, one role each, for the
 * scale-out and outage tests; and a private redis-server they share.
 */

const REPO = join(__dirname, '..', '..', '..');
const PORTAL_DIST = join(REPO, 'services', 'portal', 'dist');
export const MAIN_JS = join(PORTAL_DIST, 'main.js');
export const REBUILD_JS = join(PORTAL_DIST, 'cli', 'rebuild-projections.js');
export const ADD_STAFF_JS = join(PORTAL_DIST, 'cli', 'add-staff.js');
const READY_TIMEOUT_MS = 240_000;

function newestChange(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestChange(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** dist/main.js is newer than every source file of the portal and of the contracts. */
function portalBuildIsFresh(): boolean {
  const sources = Math.max(
    newestChange(join(REPO, 'services', 'portal', 'src')),
    newestChange(join(REPO, 'services', 'contracts', 'src')),
  );
  try {
    return statSync(MAIN_JS).mtimeMs > sources;
  } catch {
    return false;
  }
}

/** Held (a folder) by the one test process that builds; one left over for 10 min is taken as abandoned. */
const BUILD_LOCK = join(
  tmpdir(),
  `portal-build-${createHash('sha256').update(REPO).digest('hex').slice(0, 16)}`,
);
const BUILD_LOCK_STALE_MS = 10 * 60_000;

/**
 * Builds contracts and the portal once, unless dist/main.js is newer than every source file. Test
 * files in other workers may ask at the same time (the scale-out test, heavy-libraries): one
 * builds, the others wait for it, as a build empties dist first.
 */
export function ensurePortalBuilt(): void {
  while (!portalBuildIsFresh()) {
    try {
      mkdirSync(BUILD_LOCK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const lock = statSync(BUILD_LOCK, { throwIfNoEntry: false });
      if (lock && Date.now() - lock.mtimeMs > BUILD_LOCK_STALE_MS)
        rmSync(BUILD_LOCK, { recursive: true, force: true });
      else if (lock) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
      continue;
    }
    try {
      if (portalBuildIsFresh()) return;
      execFileSync('npm', ['run', 'build:contracts'], { cwd: REPO, stdio: 'ignore' });
      execFileSync('npm', ['run', 'build:api'], { cwd: REPO, stdio: 'ignore' });
    } finally {
      rmSync(BUILD_LOCK, { recursive: true, force: true });
    }
  }
}

export { freePort };

/** One portal process of the given roles. */
export class PortalChild {
  private exitCode: number | null | undefined = undefined;
  private readonly output: string[] = [];

  constructor(
    readonly label: string,
    readonly child: ChildProcess,
    readonly baseUrl: string,
  ) {
    child.once('exit', (code) => (this.exitCode = code));
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString());
      if (this.output.length > 300) this.output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  /** Every role listens on `port` (projectors and workers for /health and /metrics only). */
  static start(label: string, roles: string, env: Record<string, string>, port: number): PortalChild {
    const child = spawn(process.execPath, [MAIN_JS], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORTAL_ROLES: roles,
        PORT: String(port),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new PortalChild(label, child, `http://127.0.0.1:${port}`);
  }

  get log(): string {
    return this.output.join('');
  }

  get alive(): boolean {
    return this.exitCode === undefined;
  }

  /** Answering /health/live (every role listens on its port once started). */
  async ready(): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (!this.alive) throw new Error(`${this.label} exited during start-up:\n${this.log}`);
      try {
        // Every role serves /health/live once it has started (projectors and workers only that).
        if ((await fetch(`${this.baseUrl}/health/live`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await sleep(250);
    }
    throw new Error(`${this.label} was not ready in time:\n${this.log}`);
  }

  /** SIGKILL: no shutdown hook runs. */
  async kill(): Promise<void> {
    if (!this.alive) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM, SIGKILL after 20 s. */
  async stop(): Promise<void> {
    if (!this.alive) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    const killed = setTimeout(() => this.child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(killed);
  }
}

/**
 * A redis-server of the test's own on a free port (never the machine's shared one), appending
 * every write to its file with fsync (`appendfsync always`, as production Redis for BullMQ is
 * configured): killed and started again on the same port and folder, it keeps every job it took.
 */
export class PrivateRedis {
  private child: ChildProcess | null = null;
  private readonly folder = mkdtempSync(join(tmpdir(), 'portal-redis-'));

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.folder];
    args.push('--save', '', '--appendonly', 'yes', '--appendfsync', 'always');
    this.child = spawn('/usr/bin/redis-server', args, { stdio: 'ignore' });
    const client = new IORedis(this.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    // A refused connection while the server starts is expected; the loop below retries it.
    client.on('error', () => undefined);
    const deadline = Date.now() + 20_000;
    try {
      for (;;) {
        try {
          await client.connect();
          if ((await client.ping()) === 'PONG') return;
        } catch {
          if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${this.port}`);
          client.disconnect();
          await sleep(100);
        }
      }
    } finally {
      client.disconnect();
    }
  }

  /** SIGKILL: Redis is gone at once, as in a crash. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }
}

/** Settings every process of one fleet shares (tokens signed by one api are read by the other). */
export function fleetSecrets(): Record<string, string> {
  return {
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PERSONAL_DATA_KEY: randomBytes(32).toString('base64'),
  };
}
