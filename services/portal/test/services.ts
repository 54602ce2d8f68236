import { createHash, randomBytes } from 'node:crypto';
import IORedis from 'ioredis';
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

/**
 * A fresh database of its own, `CREATE DATABASE ... TEMPLATE`: migrated and empty, or a copy of
 * `template` (a seeded template, app-harness.ts).
 */
export async function createTestDatabase(poolSize = 10, template = templateDatabase): Promise<TestDatabase> {
  const name = `portal_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name} template ${template}`));
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

/**
 * This run of the integration tests (jest's global setup sets it; its workers inherit it): the
 * seeded templates of a run carry it in their names, and the global teardown drops them.
 */
const RUN_VARIABLE = 'PORTAL_TEST_RUN';
const SEEDED_PREFIX = 'portal_seeded_';
/** Seeded templates of runs that ended without their teardown (killed) are dropped after this. */
const STALE_RUN_MS = 6 * 60 * 60 * 1000;

export function startTestRun(): void {
  process.env[RUN_VARIABLE] ??= `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

function testRun(): string {
  startTestRun();
  return process.env[RUN_VARIABLE]!;
}

/**
 * Gives the seeded template of `key` (one per run and seed instant): built once by `build` into
 * a database made from the migrated template, under an advisory lock, so the parallel workers of
 * a run seed each instant once and every other file copies it. `build` must leave no connection
 * to the database it is given.
 */
export async function seededTemplate(key: string, build: (database: TestDatabase) => Promise<void>) {
  const name = `${SEEDED_PREFIX}${testRun()}_${createHash('sha1').update(key).digest('hex').slice(0, 10)}`;
  const lock = new Client({ connectionString: TEST_DATABASE_URL });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', [name]);
    const found = await lock.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) {
      const building = await createTestDatabase(3);
      try {
        await build(building);
        await building.close();
        await lock.query(`alter database ${building.name} rename to ${name}`);
      } catch (error) {
        await building.drop();
        throw error;
      }
    }
    return name;
  } finally {
    await lock.end();
  }
}

/** Drops the seeded templates of this run, and those a killed run left behind. */
export async function dropSeededTemplates(): Promise<void> {
  const current = testRun();
  await withAdminClient(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like '${SEEDED_PREFIX}%'`,
    );
    for (const { datname } of rows) {
      const run = datname.slice(SEEDED_PREFIX.length);
      const started = parseInt(run.split('_')[0], 36);
      if (run.startsWith(`${current}_`) || !(Date.now() - started < STALE_RUN_MS)) {
        await client.query(`drop database if exists ${datname} with (force)`);
      }
    }
  });
}

/** A Redis key prefix of its own, so parallel test files never share queues. */
export function uniqueRedisPrefix(label: string): string {
  return `portal-test-${label}-${randomBytes(4).toString('hex')}`;
}

/** Deletes every key under `prefix` (a file's own, from uniqueRedisPrefix) from the test Redis. */
export async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new IORedis(TEST_REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
