import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Client } from 'pg';
import { openPostgres, type DatabaseHandle } from '../platform/database/database';
import { migrateToLatest } from '../platform/database/migrate';

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase extends DatabaseHandle {
  readonly name: string;
  readonly url: string;
  readonly serverVersion: string;
  /** Closes the pool and drops the database; safe to call more than once. */
  drop(): Promise<void>;
}

function urlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdminClient<T>(adminUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl, application_name: 'portal-bench-admin' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database of the bench's own (`portal_bench_<random>`) on the server of `adminUrl`,
 * migrated with the platform migrations. The bench never touches the database it connects to.
 */
export async function createBenchDatabase(adminUrl: string, poolSize: number): Promise<BenchDatabase> {
  const name = `portal_bench_${randomBytes(5).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = urlFor(adminUrl, name);
  const handle = openPostgres(url, poolSize);
  let dropped: Promise<void> | null = null;
  const drop = () => {
    dropped ??= (async () => {
      await handle.close().catch(() => undefined);
      await withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    })();
    return dropped;
  };
  try {
    await migrateToLatest(handle.db);
    const { rows } = await sql<{ server_version: string }>`show server_version`.execute(handle.db);
    return { ...handle, name, url, serverVersion: rows[0]?.server_version ?? 'unknown', drop };
  } catch (error) {
    await drop();
    throw error;
  }
}
