import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { Client, Pool } from 'pg';

/**
 * The portal's one database handle. Read models, checkpoints and (unless EventStoreDB is
 * configured) the event log live in it. Tables are typed per context (see each projection's
 * row types); the handle itself is untyped so contexts stay independent.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Database = Kysely<any>;

export interface DatabaseHandle {
  readonly db: Database;
  /** 'pglite' is the embedded default: one in-process connection, no cross-connection concurrency. */
  readonly kind: 'postgres' | 'pglite';
  /** Connection string for adapters that need their own connections (postgres only). */
  readonly url: string | undefined;
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
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }) as Database;
  return { db, kind: 'postgres', url, close: () => db.destroy() };
}

async function openPglite(folder: string | undefined): Promise<DatabaseHandle> {
  // Loaded lazily: production never pays for the WASM build.
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('kysely-pglite-dialect');
  if (folder) mkdirSync(folder, { recursive: true });
  const pglite = folder ? new PGlite(folder) : new PGlite();
  await pglite.waitReady;
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) }) as Database;
  return { db, kind: 'pglite', url: undefined, close: () => db.destroy() };
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
