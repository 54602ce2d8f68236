import { sql } from 'kysely';
import { ProjectionProgress } from '../src/platform/projection/projection';
import { beingBuilt, readCheckpoints } from '../src/platform/projection/checkpoints';
import { ContextRegistry } from '../src/platform/registry/context-registry';
import { Global, Logger, Module, type INestApplication, type ModuleMetadata } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger as PinoLogger } from 'nestjs-pino';
import { __resetOutOfContextForTests } from 'nestjs-pino/PinoLogger';
import { AppModule } from '../src/app/app.module';
import { StaffDirectory } from '../src/platform/auth/principal';
import { FixedClock } from '../src/platform/clock/clock';
import { loadConfig, type PortalConfig } from '../src/platform/config/config';
import { configureHttpApp } from '../src/platform/http/configure-app';
import { serveWebApp } from '../src/platform/http/serve-web';
import { pinnedInstant, testTimeZone } from '../../../e2e/support/test-now';
import { createTestDatabase, seededTemplate, type TestDatabase } from './services';
import { eventually } from './waiting';

/**
 * Boots the whole portal (`AppModule.forRoot(config, { clock })`) for HTTP tests:
 *
 * ```ts
 * let t: TestApp;
 * beforeAll(async () => { t = await startTestApp({ seedDemo: true }); }); // demo data seeded at the run's "now"
 * afterAll(() => t.close());
 * it('...', async () => {
 *   const token = await t.signIn(7);                       // dev sign-in as staff 7
 *   const res = await t.http('POST', '/api/timesheets', { token, body: {...} });
 *   expect(res.status).toBe(201);                          // res.body is parsed JSON
 *   t.clock.set(addDays(t.clock.now(), 5));                 // move "now"
 * });
 * ```
 *
 * Each app gets a fresh database (a copy of the migrated template; `t.db.db` is a Kysely handle on
 * it; `close()` drops it), a FixedClock, the roles api+projector+worker, dev sign-in on, and
 * listens on a random port of 127.0.0.1. Pass `staffDirectory` to sign people in without the
 * staff context (it replaces every StaffDirectory provider); `imports` adds test-only modules
 * (e.g. a throwaway controller); `override` reaches the TestingModuleBuilder; `env` sets any
 * other variable of platform/config (e.g. ENTRA_TENANT_ID).
 */
export interface TestAppOptions {
  /** Start of the FixedClock (default: the run's pinned instant, `testNow()`). */
  readonly now?: Date | string;
  /** Default true. */
  readonly devSignIn?: boolean;
  /**
   * Default false: an empty event log. `true`: the demo data as seeded at `now`, copied from the
   * run's seeded template of that instant (seeded once per run, `seededTemplate`). `'at-start'`:
   * seeded by this app as it starts, as the portal seeds an empty log (for tests of the seed).
   */
  readonly seedDemo?: boolean | 'at-start';
  readonly redisUrl?: string;
  readonly smtpUrl?: string;
  /** Default 'api,projector,worker'. */
  readonly roles?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly staffDirectory?: StaffDirectory;
  readonly imports?: ModuleMetadata['imports'];
  readonly override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
  /** Serve a built web app from this folder, as main.ts serves web/dist. */
  readonly webDist?: string;
  /**
   * Start on this database instead of a fresh one (a restart of the portal on the same data);
   * `close()` then leaves it for its owner to drop.
   */
  readonly database?: TestDatabase;
}

// Tests read answers loosely (`res.body.problems`); pass a type to be strict.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface HttpAnswer<T = any> {
  readonly status: number;
  /** Parsed JSON; text for other content types; undefined when there is no body. */
  readonly body: T;
  readonly headers: Headers;
}

export interface HttpRequestOptions {
  readonly token?: string;
  /** JSON-encoded unless it is a string, which is sent as is (still as application/json). */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface TestApp {
  readonly app: INestApplication;
  /** http://127.0.0.1:{port}; paths include /api. */
  readonly baseUrl: string;
  /** The app's database (name, url; `db.db` is a Kysely handle for assertions); dropped by `close()`. */
  readonly db: TestDatabase;
  readonly clock: FixedClock;
  readonly config: PortalConfig;
  /** A dev sign-in token for an active person. */
  signIn(staffId: number): Promise<string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  http<T = any>(method: string, path: string, options?: HttpRequestOptions): Promise<HttpAnswer<T>>;
  /** Waits until the projections have applied the last event now in the log (fails after 30 s). */
  projectionsCaughtUp(): Promise<void>;
  /** Closes the app, then drops the database. */
  close(): Promise<void>;
}

export const TEST_SESSION_SECRET = 'test-session-secret-of-at-least-32-characters';
/**
 * The run's pinned "now" as an ISO instant: PORTAL_NOW, else the one default instant of every test
 * layer (e2e/support/test-now.ts). Tests derive their dates from it, so they pass at any instant.
 */
export function testNow(): string {
  return pinnedInstant().toISOString();
}

/**
 * Every projection past its first build (a checkpoint of its version), as after the demo seed:
 * read-your-writes does not wait for a projection still being built.
 */
async function firstBuildsDone(app: INestApplication, db: TestDatabase): Promise<void> {
  const projections = app.get(ContextRegistry).projections;
  const names = projections.map((p) => p.name);
  await eventually(
    async () => beingBuilt(projections, await readCheckpoints(db.db, names)).length === 0,
    60_000,
  );
}

/**
 * The demo data seeded at `now` into a template once per run (the first file that asks builds it,
 * the others wait and copy it): an app seeds it as the portal does at start, its read models catch
 * up and its jobs finish, then it stops.
 */
async function seededDemoTemplate(now: Date): Promise<string> {
  return seededTemplate(
    `demo@${now.toISOString()}@${process.env.TZ ?? ''}@${testTimeZone()}`,
    async (database) => {
      const seeding = await startTestApp({ now, seedDemo: 'at-start', database });
      try {
        await eventually(async () => {
          const { rows } = await sql<{ pending: string }>`
          select count(*)::text as pending from jobs where state in ('waiting', 'active')`.execute(
            database.db,
          );
          return rows[0].pending === '0';
        }, 60_000);
      } finally {
        await seeding.close();
      }
    },
  );
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const now = new Date(options.now ?? testNow());
  const db =
    options.database ??
    (options.seedDemo === true
      ? await createTestDatabase(3, await seededDemoTemplate(now))
      : await createTestDatabase(3));
  let started: INestApplication | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      PORTAL_ROLES: options.roles ?? 'api,projector,worker',
      DATABASE_URL: db.url,
      DEV_SIGN_IN: String(options.devSignIn ?? true),
      SESSION_SECRET: TEST_SESSION_SECRET,
      SEED_DEMO: String(Boolean(options.seedDemo)),
      // Read-your-writes waits for the projections; on a loaded CI machine (two cores shared with
      // the other suites) five seconds is not always enough, and a test that reads its own write
      // must not depend on the machine's load. Production keeps its default (config.ts).
      PROJECTION_WAIT_MS: '30000',
      // The reminders' repeatable jobs fire at real mornings, the resume sweep at real hours; a test
      // runs them itself (env turns them on).
      REMINDERS_ENABLED: 'false',
      RESUME_SWEEP_ENABLED: 'false',
      // The run's business dates are days of this zone (test/dates.ts reads the same setting).
      PORTAL_TIME_ZONE: testTimeZone(),
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
      ...options.env,
    });
    const clock = new FixedClock(now);

    // nestjs-pino keeps the logger of lines outside a request from the first app of the process;
    // each app of a test file gets its own (a later one may write to a LOG_FILE).
    __resetOutOfContextForTests();
    let builder = Test.createTestingModule({
      imports: [
        AppModule.forRoot(config, { clock }),
        ...(options.staffDirectory ? [staffDirectoryModule(options.staffDirectory)] : []),
        ...(options.imports ?? []),
      ],
    });
    if (options.staffDirectory)
      builder = builder.overrideProvider(StaffDirectory).useValue(options.staffDirectory);
    if (options.override) builder = options.override(builder);
    const moduleRef = await builder.compile();

    // A test that reads the log (LOG_FILE) gets every line there, as main.ts does; others keep
    // their output to errors and warnings.
    const logToFile = config.observability.logFile !== undefined;
    const app = moduleRef.createNestApplication<NestExpressApplication>(
      logToFile ? { bufferLogs: true } : { logger: ['error', 'warn'] },
    );
    if (logToFile) {
      // Every level Nest has (an earlier app of the file may have narrowed them); pino filters by LOG_LEVEL.
      Logger.overrideLogger(['fatal', 'error', 'warn', 'log', 'debug', 'verbose']);
      app.useLogger(app.get(PinoLogger));
    }
    started = app;
    configureHttpApp(app);
    if (options.webDist) serveWebApp(app, options.webDist);
    await app.listen(0, '127.0.0.1');
    // The app serves in the test's own process: a test that computes for seconds (a 50 MB body
    // built in memory) holds the event loop, and when it ends the client's next request could be
    // written on a kept-alive socket in the same tick as the server's 5 s idle timer closed it (a
    // reset, not an answer). Idle sockets stay open for a minute here; fetch retires them first.
    const server = app.getHttpServer() as Server;
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    if (config.roles.includes('projector')) await firstBuildsDone(app, db);
    const { port } = app.getHttpServer().address() as AddressInfo;
    const baseUrl = `http://127.0.0.1:${port}`;

    const http = async (method: string, path: string, request: HttpRequestOptions = {}) => {
      const headers: Record<string, string> = { ...request.headers };
      if (request.token) headers.authorization = `Bearer ${request.token}`;
      let body: string | undefined;
      if (request.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
      }
      const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
      const text = await response.text();
      const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
      return {
        status: response.status,
        body: text === '' ? undefined : isJson ? JSON.parse(text) : text,
        headers: response.headers,
      };
    };

    const signIn = async (staffId: number) => {
      const answer = await http('POST', '/api/auth/dev/sign-in', { body: { staffId } });
      if (answer.status !== 200) {
        throw new Error(
          `Dev sign-in of staff ${staffId} failed: ${answer.status} ${JSON.stringify(answer.body)}`,
        );
      }
      return (answer.body as { token: string }).token;
    };

    const projectionsCaughtUp = async () => {
      const { rows } = await sql<{ commit: string; prepare: string }>`
        select transaction_id::text as commit, position::text as prepare
        from events order by transaction_id desc, position desc limit 1`.execute(db.db);
      if (rows.length === 0) return;
      const last = { commit: BigInt(rows[0].commit), prepare: BigInt(rows[0].prepare) };
      if (!(await app.get(ProjectionProgress).waitFor(last, 30_000))) {
        throw new Error('The projections did not catch up with the log within 30 s');
      }
    };
    // A seeded app is handed over with its read models showing the whole seed.
    if (options.seedDemo) await projectionsCaughtUp();

    let closed = false;
    return {
      app,
      baseUrl,
      db,
      clock,
      config,
      signIn,
      http,
      projectionsCaughtUp,
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await app.close();
        } finally {
          if (!options.database) await db.drop();
        }
      },
    };
  } catch (error) {
    // A failed start (e.g. a module's bootstrap hook threw) still stops what did start.
    await started?.close().catch(() => undefined);
    if (!options.database) await db.drop();
    throw error;
  }
}

/** Provides the test's StaffDirectory globally (for when no staff context is in the app). */
function staffDirectoryModule(directory: StaffDirectory) {
  @Global()
  @Module({ providers: [{ provide: StaffDirectory, useValue: directory }], exports: [StaffDirectory] })
  class TestStaffDirectoryModule {}
  return TestStaffDirectoryModule;
}
