import { createHash, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openPostgres, type DatabaseHandle } from '../src/platform/database/database';
import { migrateToLatest } from '../src/platform/database/migrate';
import { platformMigrations } from '../src/platform/database/migrations';

/**
 * Real services for integration tests. PostgreSQL and Redis come from TEST_DATABASE_URL and
 * TEST_REDIS_URL, defaulting to the machine's local services.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const migrationsHash = createHash('sha1')
  .update(Object.keys(platformMigrations).sort().join('|'))
  .digest('hex');
const templateDatabase = `portal_test_template_${migrationsHash.slice(0, 12)}`;

function urlFor(database: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdminClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The migrated template every test database is copied from (jest global setup). Its name carries
 * a hash of the migration names, so it is built once per set of migrations and concurrent test
 * runs share it instead of rebuilding it under each other (an advisory lock serialises builders).
 */
export async function prepareTemplateDatabase(): Promise<void> {
  await withAdminClient(async (client) => {
    await client.query('select pg_advisory_lock(hashtext($1))', [templateDatabase]);
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [templateDatabase]);
      if (found.rowCount) return;
      const building = `${templateDatabase}_building`;
      await client.query(`drop database if exists ${building} with (force)`);
      await client.query(`create database ${building}`);
      const handle = openPostgres(urlFor(building), 1);
      try {
        await migrateToLatest(handle.db);
      } finally {
        await handle.close();
      }
      await client.query(`alter database ${building} rename to ${templateDatabase}`);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [templateDatabase]);
    }
  });
}

export interface TestDatabase extends DatabaseHandle {
  readonly name: string;
  readonly url: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A fresh, migrated, empty database of its own: `CREATE DATABASE ... TEMPLATE`. */
export async function createTestDatabase(poolSize = 10): Promise<TestDatabase> {
  const name = `portal_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name} template ${templateDatabase}`));
  const url = urlFor(name);
  const handle = openPostgres(url, poolSize);
  let closed = false;
  const close = async () => {
    if (!closed) {
      closed = true;
      await handle.close();
    }
  };
  return {
    ...handle,
    name,
    url,
    close,
    drop: async () => {
      await close();
      await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A Redis key prefix of its own, so parallel test files never share queues. */
export function uniqueRedisPrefix(label: string): string {
  return `portal-test-${label}-${randomBytes(4).toString('hex')}`;
}
