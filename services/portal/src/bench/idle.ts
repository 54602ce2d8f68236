import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, businessDateIn, type BusinessDate } from '@portal/contracts';
import { Client } from 'pg';
import { clockFor, type Clock } from '../platform/clock/clock';
import { defaultTimeZoneOf } from '../platform/config/time-zone-config';
import { measureLatency, procMemoryBytes, progress, type LatencySummary } from './measure';

/**
 * The idle figures of `npm run bench`: the portal itself (dist/main.js, every role in one
 * process) started in a child process, left alone, and watched from outside: transactions its
 * database counts (pg_stat_database), the child's CPU time and RSS (/proc). Then read-your-writes
 * through HTTP: a command, then the query that must show what it did.
 */

const MAIN_JS = join(__dirname, '..', 'main.js');
/**
 * A ceiling, not a figure: the embedded portal (PGlite, demo seed) took 86 s to answer on a
 * two-core machine under a load average of 20 (the smoke runs in `npm test` beside other work).
 */
const READY_TIMEOUT_MS = 300_000;

export interface IdleFigures {
  /** Transactions per second the portal's database committed or rolled back (PostgreSQL only). */
  readonly transactionsPerSecond: number | null;
  readonly cpuPercent: number;
  readonly rssBytes: number;
  readonly seconds: number;
}

/** The demo person and project the read-your-writes runs use (the demo seed's Rita on project 36). */
const RYW_STAFF_ID = 6;
const RYW_PROJECT_ID = 36;

export interface ReadYourWrites extends LatencySummary {
  /** Runs whose query did not show the command's entry (must be 0). */
  readonly unseen: number;
}

/** A TCP port free on 127.0.0.1 just now (the bench's and the tests' portal processes listen on one). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** utime + stime of a process, in seconds (Linux /proc). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100;
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

export async function transactionsOf(admin: Client, database: string): Promise<number> {
  // Counted by the server; this connection is to another database, so its own queries do not count.
  const { rows } = await admin.query<{ xacts: string }>(
    'select (xact_commit + xact_rollback)::text as xacts from pg_stat_database where datname = $1',
    [database],
  );
  return Number(rows[0]?.xacts ?? 0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A running portal in a child process. */
export class PortalProcess {
  private exited = false;

  private constructor(
    readonly child: ChildProcess,
    readonly baseUrl: string,
    private readonly output: string[],
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {
    child.once('exit', () => (this.exited = true));
  }

  /** `env` on top of this process's environment; an undefined value removes the variable. */
  static async start(env: Record<string, string | undefined>): Promise<PortalProcess> {
    const port = await freePort();
    const output: string[] = [];
    const childEnv: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      ...env,
    };
    for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
    // A pinned "now" (PORTAL_NOW) ticks from the moment given here, so the portal and this process
    // agree on it (and on the firm's today) to the millisecond.
    if (childEnv.PORTAL_NOW) childEnv.PORTAL_NOW_AT ??= new Date().toISOString();
    const clock = clockFor(
      childEnv.PORTAL_NOW
        ? { instant: new Date(childEnv.PORTAL_NOW), since: new Date(childEnv.PORTAL_NOW_AT!) }
        : undefined,
    );
    const child = spawn(process.execPath, [MAIN_JS], {
      env: childEnv as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // BENCH_PORTAL_LOG: a file that gets the portal's whole output too (to read its warnings after a run).
    const logFile = process.env.BENCH_PORTAL_LOG;
    const keep = (chunk: Buffer) => {
      if (logFile) appendFileSync(logFile, chunk);
      output.push(chunk.toString());
      if (output.length > 200) output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const portal = new PortalProcess(
      child,
      `http://127.0.0.1:${port}`,
      output,
      clock,
      defaultTimeZoneOf(childEnv),
    );
    // Without the api role a process serves only its health endpoints.
    const roles = childEnv.PORTAL_ROLES?.split(',') ?? ['api'];
    await portal.ready(roles.includes('api') ? '/api/auth/config' : '/health/live');
    return portal;
  }

  /** The portal's business today (its clock, in the firm's time zone). */
  today(): BusinessDate {
    return businessDateIn(this.clock.now(), this.timeZone);
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  private async ready(path: string): Promise<void> {
    const deadline = performance.now() + READY_TIMEOUT_MS;
    while (performance.now() < deadline) {
      if (this.exited) throw new Error(`The portal exited during start-up:\n${this.output.join('')}`);
      try {
        const answer = await fetch(`${this.baseUrl}${path}`);
        if (answer.ok) return;
      } catch {
        // Not listening yet.
      }
      await sleep(250);
    }
    throw new Error(
      `The portal did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${this.output.join('')}`,
    );
  }

  async json<T>(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const answer = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    return { status: answer.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    const killed = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killed);
  }
}

/** Leaves the portal alone for `seconds` (after `settleSeconds`) and reads what it cost. */
export async function watchIdle(
  portal: PortalProcess,
  seconds: number,
  settleSeconds: number,
  transactions?: () => Promise<number>,
): Promise<IdleFigures> {
  await sleep(settleSeconds * 1000);
  const xactsBefore = transactions ? await transactions() : 0;
  const cpuBefore = cpuSeconds(portal.pid);
  const started = performance.now();
  let peakRss = procMemoryBytes(portal.pid, 'VmRSS');
  while (performance.now() - started < seconds * 1000) {
    await sleep(1000);
    peakRss = Math.max(peakRss, procMemoryBytes(portal.pid, 'VmRSS'));
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(portal.pid) - cpuBefore;
  const xacts = transactions ? (await transactions()) - xactsBefore : null;
  return {
    transactionsPerSecond: xacts === null ? null : xacts / elapsed,
    cpuPercent: (100 * cpu) / elapsed,
    rssBytes: peakRss,
    seconds: elapsed,
  };
}

/**
 * A command, then the query that must show it: POST /api/timesheets (one entry), then
 * GET /api/timesheets for that day; timed together, `runs` times after `warmup` untimed runs.
 */
async function readYourWrites(portal: PortalProcess, runs: number, warmup: number): Promise<ReadYourWrites> {
  const signIn = await portal.json<{ token: string }>('POST', '/api/auth/dev/sign-in', undefined, {
    staffId: RYW_STAFF_ID,
  });
  if (signIn.status !== 200 && signIn.status !== 201) {
    throw new Error(`Dev sign-in answered ${signIn.status}: ${JSON.stringify(signIn.body)}`);
  }
  const token = signIn.body.token;
  let unseen = 0;
  const summary = await measureLatency(runs, warmup, async (run) => {
    // Today and the next 27 days, half an hour each time (the entry form's hours go in steps of
    // 0.1, ENTRY_HOURS_STEP): never late, never a full day.
    const date = addDays(portal.today(), (run + warmup) % 28);
    const comment = `bench ryw ${run}`;
    const saved = await portal.json('POST', '/api/timesheets', token, {
      projectId: RYW_PROJECT_ID,
      subProjectId: null,
      items: [{ date, hours: '0.5', overtimeHours: null, comment }],
      confirmLate: false,
    });
    if (saved.status !== 201)
      throw new Error(`POST /api/timesheets answered ${saved.status}: ${JSON.stringify(saved.body)}`);
    const list = await portal.json<{ rows: { comment: string }[] }>(
      'GET',
      `/api/timesheets?start=${date}&end=${date}`,
      token,
    );
    if (!list.body.rows.some((row) => row.comment === comment)) unseen += 1;
  });
  return { ...summary, unseen };
}

export interface IdleResults {
  readonly postgres: IdleFigures;
  readonly readYourWrites: ReadYourWrites;
  readonly embedded: IdleFigures | null;
  /** Whether the embedded portal started with its demo seed (its default). */
  readonly embeddedSeed: boolean;
}

/**
 * The portal on a fresh PostgreSQL database (`databaseUrl`, already created; `name` for
 * pg_stat_database), idle for `seconds` after `settleSeconds`; then read-your-writes; then, unless
 * `embedded` is false, the embedded default (PGlite in a temporary folder) idle for `seconds`.
 */
export async function benchIdle(options: {
  readonly adminUrl: string;
  readonly databaseUrl: string;
  readonly databaseName: string;
  readonly seconds: number;
  /**
   * Left alone this long before the watch: started, seeded and caught up well within it, and long
   * enough for PostgreSQL to have counted the start-up (an idle backend reports its statistics up
   * to 10 s late). The full bench waits 15 s; the smoke 1 s (its figures are not judged).
   */
  readonly settleSeconds: number;
  readonly rywRuns: number;
  readonly rywWarmup: number;
  readonly embedded: boolean;
  /**
   * The embedded portal as it starts by default, with the demo seed (the full bench); false starts
   * it empty (SEED_DEMO=false: the smoke, where the seed on PGlite took three quarters of the start).
   */
  readonly embeddedSeed: boolean;
}): Promise<IdleResults> {
  const admin = new Client({ connectionString: options.adminUrl, application_name: 'portal-bench-idle' });
  await admin.connect();
  let postgres: IdleFigures;
  let ryw: ReadYourWrites;
  try {
    progress('starting the portal (api, projector, worker) on PostgreSQL in a child process');
    const portal = await PortalProcess.start({
      DATABASE_URL: options.databaseUrl,
      PORTAL_ROLES: 'api,projector,worker',
      SEED_DEMO: 'true',
      REDIS_URL: undefined,
      EVENTSTORE_URL: undefined,
    });
    try {
      progress(`watching it idle for ${options.seconds} s (after ${options.settleSeconds} s to settle)`);
      postgres = await watchIdle(portal, options.seconds, options.settleSeconds, () =>
        transactionsOf(admin, options.databaseName),
      );
      progress(`read-your-writes: ${options.rywRuns} commands, each followed by the query that must show it`);
      ryw = await readYourWrites(portal, options.rywRuns, options.rywWarmup);
    } finally {
      await portal.stop();
    }
  } finally {
    await admin.end();
  }

  let embedded: IdleFigures | null = null;
  if (options.embedded) {
    const folder = await mkdtemp(join(tmpdir(), 'portal-bench-embedded-'));
    try {
      progress(
        `starting the portal on the embedded default (PGlite${options.embeddedSeed ? '' : ', no demo seed'}) in a child process`,
      );
      const portal = await PortalProcess.start({
        DATA_DIR: folder,
        DATABASE_URL: undefined,
        REDIS_URL: undefined,
        EVENTSTORE_URL: undefined,
        ...(options.embeddedSeed ? {} : { SEED_DEMO: 'false' }),
      });
      try {
        progress(`watching it idle for ${options.seconds} s`);
        embedded = await watchIdle(portal, options.seconds, options.settleSeconds);
      } finally {
        await portal.stop();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
  return { postgres, readYourWrites: ryw, embedded, embeddedSeed: options.embeddedSeed };
}
