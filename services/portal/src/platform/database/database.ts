import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely } from 'kysely';
import { Client, Pool } from 'pg';
import {
  PgliteNotifications,
  PostgresNotifications,
  registerNotifications,
  type Notifications,
} from './notifications';
import type { PlatformTables } from './platform-tables';
import { PortalPostgresDialect } from './current-schema-introspector';

/**
 * The portal's one database handle. Read models, checkpoints and (unless EventStoreDB is
 * configured) the event log live in it. The handle is typed with the platform's own tables only;
 * a context reads and writes its tables through its typed view (`tablesOf`, ./typed-view.ts).
 */
export type Database = Kysely<PlatformTables>;

export interface DatabaseHandle {
  readonly db: Database;
  /** 'pglite' is the embedded default: one in-process connection, no cross-connection concurrency. */
  readonly kind: 'postgres' | 'pglite';
  /** Connection string for adapters that need their own connections (postgres only). */
  readonly url: string | undefined;
  /** NOTIFY wake-ups over one listening connection (also found with `notificationsOf(db)`). */
  readonly notifications?: Notifications;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  /** In-memory PGlite instead of a folder; for tests of the embedded default. */
  readonly inMemory?: boolean;
  readonly poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.inMemory ? undefined : join(options.dataDir, 'pglite'));
}

export function openPostgres(url: string, poolSize = 10): DatabaseHandle {
  const pool = new Pool({
    connectionString: url,
    max: poolSize,
    // One stuck transaction must not stall every reader of the gap-safe log.
    options: '-c idle_in_transaction_session_timeout=60000',
  });
  // A dropped connection (server restart, terminated backend) must fail the query that uses
  // it, not crash the process with an unhandled 'error' event; the pool replaces the client.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<PlatformTables>({ dialect: new PortalPostgresDialect({ pool }) });
  const notifications = new PostgresNotifications(url);
  registerNotifications(db, notifications);
  const close = async () => {
    await notifications.close();
    await db.destroy();
  };
  return { db, kind: 'postgres', url, notifications, close };
}

/**
 * PGlite's memory: its buffer cache lives in the WASM heap, which never shrinks. PostgreSQL's
 * default shared_buffers (128 MB) is sized for a server; 16 MB holds the embedded default's
 * working set (see docs/operations.md for what it costs) and keeps the heap small.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

function pgliteOptions(PGlite: { defaultStartParams: string[] }) {
  return { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] };
}

/**
 * A new data folder is initialised (initdb) by a short-lived child process: initdb runs a second
 * WASM instance whose heap this process would otherwise keep (the WASM heap never shrinks),
 * several hundred MB for the life of the portal.
 */
async function initPgliteFolder(folder: string): Promise<void> {
  const script = `
    const { PGlite } = require(${JSON.stringify(require.resolve('@electric-sql/pglite'))});
    const pglite = new PGlite(${JSON.stringify(folder)}, { startParams: JSON.parse(process.argv[1]) });
    pglite.waitReady.then(() => pglite.close()).then(
      () => process.exit(0),
      (error) => { console.error(error); process.exit(1); });`;
  const { PGlite } = await import('@electric-sql/pglite');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script, JSON.stringify(pgliteOptions(PGlite).startParams)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`Could not initialise the PGlite folder ${folder}: ${stderr}`)),
    );
  });
}

async function openPglite(folder: string | undefined): Promise<DatabaseHandle> {
  // Loaded lazily: production never pays for the WASM build.
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('kysely-pglite-dialect');
  if (folder) {
    mkdirSync(folder, { recursive: true });
    if (!existsSync(join(folder, 'PG_VERSION'))) await initPgliteFolder(folder);
  }
  const options = pgliteOptions(PGlite);
  const pglite = folder ? new PGlite(folder, options) : new PGlite(options);
  await pglite.waitReady;
  const notifications = await PgliteNotifications.open(pglite);
  const db = new Kysely<PlatformTables>({ dialect: new PGliteDialect(pglite) });
  registerNotifications(db, notifications);
  return { db, kind: 'pglite', url: undefined, notifications, close: () => db.destroy() };
}

/** The configured database cannot be used at start-up; the message is one line for a person. */
export class DatabaseUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnreachableError';
  }
}

/** 'host:port' of a PostgreSQL URL (never its user or password). */
export function postgresAddress(url: string): string {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host') ?? (parsed.hostname || 'localhost');
  const port = parsed.searchParams.get('port') ?? (parsed.port || '5432');
  return host.startsWith('/') ? host : `${host}:${port}`;
}

function whyUnreachable(error: unknown, timeoutMs: number): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'the host is unreachable';
  const message = error instanceof Error ? error.message : String(error);
  if (/timeout/i.test(message)) return `no answer within ${timeoutMs / 1000} s`;
  // PostgreSQL's own refusals (unknown database, failed password) name no secret.
  return message.split('\n')[0] || String(code ?? 'unknown error');
}

/**
 * Opens one connection to DATABASE_URL and closes it again, so a portal that cannot reach its
 * database stops at once with one line naming the variable and the host (not a Nest stack trace
 * from the first migration).
 */
export async function ensureDatabaseReachable(url: string, timeoutMs = 10_000): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new DatabaseUnreachableError(
      `DATABASE_URL: cannot use PostgreSQL at ${postgresAddress(url)}: ${whyUnreachable(error, timeoutMs)}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}
