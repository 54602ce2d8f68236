/*
 * Over 300 lines on purpose: the runner's guarantees (batches, checkpoints, leadership, rebuild
 * and swap, a kill mid-batch) share one counting projection.
 */
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Client, Pool } from 'pg';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../../test/services';
import { countedQueries } from '../../../test/query-count';
import { eventually, sleep, testEvent } from '../../../test/waiting';
import { type Database, type DatabaseHandle } from '../database/database';
import type { PlatformTables } from '../database/platform-tables';
import { tablesOf } from '../database/typed-view';
import { comparePositions, type LogPosition, type RecordedEvent } from '../event-store/event-store.port';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { LOCK_NAMESPACE } from './advisory-locks';
import { CheckpointSignal } from './checkpoint-signal';
import { readCheckpoint } from './checkpoints';
import type { RunnerLogger } from './log-follower';
import type { Projection } from './projection';
import { CheckpointProjectionProgress } from './projection-progress';
import { ProjectionRunner } from './projection-runner';

/** The test read model: events per stream, and which runner wrote the row last. */
interface CountsOptions {
  readonly name?: string;
  readonly version?: number;
  readonly label?: string;
  readonly applyDelayMs?: number;
  /** Throws for the events it matches (while it answers true). */
  readonly failOn?: (event: RecordedEvent) => boolean;
  /** Awaited before each apply; lets a test hold a batch in the middle. */
  readonly beforeApply?: (event: RecordedEvent) => Promise<void>;
}

function countsProjection(options: CountsOptions = {}): Projection & { applied: number } {
  const projection = {
    name: options.name ?? 'counts',
    version: options.version ?? 1,
    eventTypes: ['Counted'],
    applied: 0,
    async createTables(db: Database) {
      await db.schema
        .createTable('counts')
        .addColumn('stream_id', 'text', (c) => c.primaryKey())
        .addColumn('events', 'integer', (c) => c.notNull())
        .addColumn('last_n', 'integer', (c) => c.notNull())
        .addColumn('applied_by', 'text', (c) => c.notNull())
        .execute();
    },
    async apply(event: RecordedEvent, db: Database) {
      await options.beforeApply?.(event);
      if (options.applyDelayMs) await sleep(options.applyDelayMs);
      if (options.failOn?.(event)) throw new Error(`cannot apply event n=${(event.data as { n: number }).n}`);
      const n = (event.data as { n: number }).n;
      await tablesOf<CountsTables>(db)
        .insertInto('counts')
        .values({ stream_id: event.streamId, events: 1, last_n: n, applied_by: options.label ?? 'runner' })
        .onConflict((oc) =>
          oc.column('stream_id').doUpdateSet({
            events: sql<number>`counts.events + 1`,
            last_n: n,
            applied_by: options.label ?? 'runner',
          }),
        )
        .execute();
      projection.applied += 1;
    },
  };
  return projection;
}

const newEvent = (type: string, n: number) => testEvent(type, { n });

/**
 * A database handle like openPostgres's whose connections may be cut while checked out (the
 * portal's own pool lets such an error go unhandled; see
 * docs/decisions/0016-pooled-connection-cut-mid-transaction.md).
 */
function crashableHandle(url: string): DatabaseHandle {
  const pool = new Pool({ connectionString: url, max: 4 });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<PlatformTables>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', url, close: () => db.destroy() };
}

class RecordingLogger implements RunnerLogger {
  readonly errors: string[] = [];
  log(): void {}
  warn(): void {}
  error(message: string): void {
    this.errors.push(message);
  }
}

interface CountRow {
  stream_id: string;
  events: number;
  last_n: number;
  applied_by: string;
}

interface CountsTables {
  counts: CountRow;
}

async function countRows(db: Database, schema = 'rm_counts'): Promise<CountRow[]> {
  return tablesOf<CountsTables>(db, schema).selectFrom('counts').selectAll().orderBy('stream_id').execute();
}

async function schemaNames(db: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select schema_name as name from information_schema.schemata where schema_name like 'rm_%' order by 1`.execute(
    db,
  );
  return rows.map((r) => r.name);
}

/** A view of `store` that counts its readAll calls in `reads`. */
function readCounting(store: PostgresEventStore): { store: PostgresEventStore; reads: number } {
  const counter = { reads: 0, store };
  counter.store = new Proxy(store, {
    get(target, key) {
      if (key === 'readAll') {
        return (after: LogPosition | null, maxCount: number) => {
          counter.reads += 1;
          return target.readAll(after, maxCount);
        };
      }
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return counter;
}

describe('ProjectionRunner (PostgreSQL)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const running: { stop(): Promise<void> }[] = [];
  const extraHandles: DatabaseHandle[] = [];

  beforeEach(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database.db, { pollIntervalMs: 25 });
  });

  afterEach(async () => {
    for (const runner of running.splice(0)) await runner.stop();
    for (const handle of extraHandles.splice(0)) await handle.close();
    await store.close();
    await database.drop();
  });

  function runner(
    projections: Projection[],
    extra: Partial<ConstructorParameters<typeof ProjectionRunner>[0]> = {},
  ) {
    const instance = new ProjectionRunner({
      db: database.db,
      handle: database,
      eventStore: store,
      projections,
      batchSize: 25,
      lockRetryMs: 50,
      retryInitialMs: 50,
      retryMaxMs: 200,
      idleMaxWaitMs: 200,
      logger: new RecordingLogger(),
      ...extra,
    });
    running.push(instance);
    return instance;
  }

  /** Appends `count` Counted events to `stream` (one append per event) and returns their positions. */
  async function appendCounted(stream: string, count: number, firstN = 0): Promise<LogPosition[]> {
    const positions: LogPosition[] = [];
    for (let i = 0; i < count; i++) {
      const result = await store.append(stream, [newEvent('Counted', firstN + i)], 'any');
      positions.push(result.position);
    }
    return positions;
  }

  function progress(names: string[]) {
    const projections = names.map((name) => ({ name, version: 1 }));
    return new CheckpointProjectionProgress(database.db, projections, new CheckpointSignal(), 20);
  }

  it('killed mid-stream and restarted, ends with exactly the tables of a fresh rebuild', async () => {
    // Runner A has connections of its own, named so the test can cut them all as a crash would.
    const url = new URL(database.url);
    url.searchParams.set('application_name', 'runner-a');
    const handleA = crashableHandle(url.toString());
    extraHandles.push(handleA);
    const storeA = new PostgresEventStore(handleA.db, { pollIntervalMs: 25 });
    const slow = countsProjection({ applyDelayMs: 3, label: 'A' });
    const runnerA = new ProjectionRunner({
      db: handleA.db,
      handle: handleA,
      eventStore: storeA,
      projections: [slow],
      batchSize: 25,
      lockRetryMs: 50,
      retryInitialMs: 50,
      logger: new RecordingLogger(),
    });
    runnerA.start();
    // Built (on the empty log) before the events come, so the kill hits it while following.
    await eventually(async () => (await readCheckpoint(database.db, 'counts')) !== null);

    for (let s = 0; s < 12; s++) {
      // Several events per append, and events the projection ignores in between.
      await store.append(
        `stream-${String(s).padStart(2, '0')}`,
        Array.from({ length: 20 }, (_, i) => newEvent(i % 5 === 4 ? 'Ignored' : 'Counted', i)),
        'any',
      );
    }
    await eventually(async () => slow.applied >= 60);

    const admin = new Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'runner-a'`,
        [database.name],
      );
    } finally {
      await admin.end();
    }
    await runnerA.stop();
    await storeA.close();

    // The gap-safe log shows appends once no older transaction runs anywhere in the cluster.
    const all = await eventually(async () => {
      const read = await store.readAll(null, 10_000);
      return read.length === 240 && read;
    });
    const last = all[all.length - 1].position;

    // At the kill, the tables hold exactly the events up to the checkpoint: nothing half-applied.
    const atKill = await readCheckpoint(database.db, 'counts');
    expect(atKill?.position).not.toBeNull();
    expect(comparePositions(atKill!.position!, last)).toBeLessThan(0);
    const countedUpToKill = all.filter(
      (e) => e.type === 'Counted' && comparePositions(e.position, atKill!.position!) <= 0,
    ).length;
    const rowsAtKill = await countRows(database.db);
    expect(rowsAtKill.reduce((sum, row) => sum + row.events, 0)).toBe(countedUpToKill);

    runner([countsProjection({ label: 'B' })]).start();
    expect(await progress(['counts']).waitFor(last, 20_000)).toBe(true);

    const verify = runner([countsProjection({ name: 'counts_verify', label: 'B' })]);
    await verify.rebuild();
    const restarted = await countRows(database.db);
    const rebuilt = await countRows(database.db, 'rm_counts_verify');
    const withoutLabel = (rows: CountRow[]) =>
      rows.map(({ stream_id, events, last_n }) => ({ stream_id, events, last_n }));
    expect(withoutLabel(restarted)).toEqual(withoutLabel(rebuilt));
    expect(restarted).toHaveLength(12);
    expect(restarted.map((row) => [row.events, row.last_n])).toEqual(Array(12).fill([16, 18]));
  });

  it('does not move the checkpoint when an apply throws, retries, and never skips the event', async () => {
    let broken = true;
    const logger = new RecordingLogger();
    const failing = countsProjection({ failOn: (e) => broken && (e.data as { n: number }).n === 5 });
    runner([failing], { batchSize: 3, logger }).start();
    // Built on the empty log first, so the failure below hits the running projection.
    await eventually(async () => (await readCheckpoint(database.db, 'counts')) !== null);
    // One append: the ten events become visible together, so the batches are [0,1,2] [3,4,5] ...
    await store.append(
      's',
      Array.from({ length: 10 }, (_, n) => newEvent('Counted', n)),
      'no_stream',
    );
    const positions = (await store.readStream('s')).map((e) => e.position);

    await eventually(async () => logger.errors.length >= 3);
    // Batches [0,1,2] [3,4,5]: the second failed at n=5, so 3 and 4 were rolled back with it.
    const stuck = await readCheckpoint(database.db, 'counts');
    expect(stuck?.position).toEqual(positions[2]);
    expect(await countRows(database.db)).toEqual([
      { stream_id: 's', events: 3, last_n: 2, applied_by: 'runner' },
    ]);
    expect(logger.errors[0]).toContain('cannot apply event n=5');

    broken = false;
    expect(await progress(['counts']).waitFor(positions[9], 10_000)).toBe(true);
    expect(await countRows(database.db)).toEqual([
      { stream_id: 's', events: 10, last_n: 9, applied_by: 'runner' },
    ]);
  });

  it('runs one active instance per projection; the standby takes over when it stops', async () => {
    const first = runner([countsProjection({ label: 'A' })]);
    const second = runner([countsProjection({ label: 'B' })]);
    first.start();
    await eventually(async () => first.isActive('projection:counts'));
    second.start();

    const early = await appendCounted('early', 5);
    expect(await progress(['counts']).waitFor(early[4], 10_000)).toBe(true);
    await sleep(200);
    expect(second.isActive('projection:counts')).toBe(false);
    expect(await countRows(database.db)).toEqual([
      { stream_id: 'early', events: 5, last_n: 4, applied_by: 'A' },
    ]);

    await first.stop();
    await eventually(async () => second.isActive('projection:counts'));
    const late = await appendCounted('late', 4);
    expect(await progress(['counts']).waitFor(late[3], 10_000)).toBe(true);
    expect(await countRows(database.db)).toEqual([
      { stream_id: 'early', events: 5, last_n: 4, applied_by: 'A' },
      { stream_id: 'late', events: 4, last_n: 3, applied_by: 'B' },
    ]);
  });

  it('a standby takes over when the holder dies (its lock connection closes)', async () => {
    // Another instance holds the projection's lock on its own connection, as a runner would.
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    holder.on('error', () => undefined);
    const { rows } = await holder.query<{ pid: number; acquired: boolean }>(
      'select pg_backend_pid() as pid, pg_try_advisory_lock($1::int, hashtext($2::text)) as acquired',
      [LOCK_NAMESPACE, 'projection:counts'],
    );
    expect(rows[0].acquired).toBe(true);

    const standby = runner([countsProjection({ label: 'B' })]);
    standby.start();
    const positions = await appendCounted('after', 3);
    await sleep(300);
    expect(standby.isActive('projection:counts')).toBe(false);
    expect(await schemaNames(database.db)).toEqual([]);

    // The holder's process dies: its connection goes, and the lock with it.
    await sql`select pg_terminate_backend(${rows[0].pid}::int)`.execute(database.db);
    await eventually(async () => standby.isActive('projection:counts'));
    expect(await progress(['counts']).waitFor(positions[2], 10_000)).toBe(true);
    expect(await countRows(database.db)).toEqual([
      { stream_id: 'after', events: 3, last_n: 2, applied_by: 'B' },
    ]);
    await holder.end().catch(() => undefined);
  });

  it('rebuilds into a fresh schema and swaps it in while the old tables stay readable', async () => {
    const positions = await appendCounted('r', 6);
    const live = runner([countsProjection({ label: 'old' })]);
    live.start();
    expect(await progress(['counts']).waitFor(positions[5], 10_000)).toBe(true);
    await live.stop();

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached: () => void = () => undefined;
    const atThirdEvent = new Promise<void>((resolve) => (reached = resolve));
    const rebuilding = runner([
      countsProjection({
        label: 'new',
        beforeApply: async (event) => {
          if ((event.data as { n: number }).n === 3) {
            reached();
            await held;
          }
        },
      }),
    ]);
    const done = rebuilding.rebuild('counts');
    await atThirdEvent;

    expect(await schemaNames(database.db)).toEqual(['rm_counts', 'rm_counts__next']);
    expect(await countRows(database.db)).toEqual([
      { stream_id: 'r', events: 6, last_n: 5, applied_by: 'old' },
    ]);

    release();
    await done;
    expect(await schemaNames(database.db)).toEqual(['rm_counts']);
    expect(await countRows(database.db)).toEqual([
      { stream_id: 'r', events: 6, last_n: 5, applied_by: 'new' },
    ]);
    expect((await readCheckpoint(database.db, 'counts'))?.position).toEqual(positions[5]);
  });

  it('rebuilds on start when the projection version changed', async () => {
    const positions = await appendCounted('v', 3);
    const v1 = runner([countsProjection({ label: 'v1' })]);
    v1.start();
    expect(await progress(['counts']).waitFor(positions[2], 10_000)).toBe(true);
    await v1.stop();

    runner([countsProjection({ label: 'v2', version: 2 })]).start();
    await eventually(async () => (await readCheckpoint(database.db, 'counts'))?.version === 2);
    expect(await countRows(database.db)).toEqual([
      { stream_id: 'v', events: 3, last_n: 2, applied_by: 'v2' },
    ]);
  });

  it('waitFor answers false while the projector is behind, true once it passed, also over ignored events', async () => {
    const counted = await appendCounted('w', 2);
    const ignored = (await store.append('other', [newEvent('Ignored', 0)], 'any')).position;
    const waiting = progress(['counts']);
    expect(await waiting.waitFor(counted[1], 150)).toBe(false);
    // What the operator's warning names.
    expect(waiting.behind(counted[1])).toEqual(['counts']);

    runner([countsProjection()]).start();
    expect(await waiting.waitFor(ignored, 10_000)).toBe(true);
    expect(waiting.behind(ignored)).toEqual([]);
    const checkpoint = await readCheckpoint(database.db, 'counts');
    expect(checkpoint?.position).toEqual(ignored);
    // A position not in the log yet is not reached.
    expect(await waiting.waitFor({ commit: ignored.commit + 1000n, prepare: 0n }, 150)).toBe(false);
  });

  it('lets read-your-writes pass a projection on its first build or a rebuild, never one live and behind', async () => {
    const at = (version: number) =>
      new CheckpointProjectionProgress(
        database.db,
        [{ name: 'counts', version }],
        new CheckpointSignal(),
        20,
      );
    const [first] = await appendCounted('b', 1);
    // No checkpoint at all: the first build has not been swapped in.
    expect(await at(1).waitFor(first, 150)).toBe(false);
    expect(await at(1).waitFor(first, 10_000, { exceptBuilding: true })).toBe(true);

    const v1 = runner([countsProjection()]);
    v1.start();
    expect(await at(1).waitFor(first, 10_000)).toBe(true);
    await v1.stop();
    const [second] = await appendCounted('b', 1, 1);
    // Version 1 is live but stopped behind: waited for, with or without the option.
    expect(await at(1).waitFor(second, 150, { exceptBuilding: true })).toBe(false);
    // The code is at version 2 and the table still at 1: being rebuilt, so passed over.
    expect(await at(2).waitFor(second, 150)).toBe(false);
    expect(await at(2).waitFor(second, 10_000, { exceptBuilding: true })).toBe(true);
    // One being built beside one live and behind: the live one is still waited for.
    const both = new CheckpointProjectionProgress(
      database.db,
      [
        { name: 'counts', version: 1 },
        { name: 'never-built', version: 1 },
      ],
      new CheckpointSignal(),
      20,
    );
    expect(await both.waitFor(second, 150, { exceptBuilding: true })).toBe(false);
    expect(both.behind(second)).toEqual(['counts', 'never-built']);
  });

  it('reads the checkpoint table once per poll interval for any number of waiters (a projector elsewhere)', async () => {
    const [first] = await appendCounted('many', 1);
    runner([countsProjection()]).start();
    expect(await progress(['counts']).waitFor(first, 10_000)).toBe(true);
    // This process runs no projector: its waiters learn only from the table. Its reads are counted.
    const reads = countedQueries(database.db, 'projection_checkpoints');
    const pollMs = 20;
    const waiting = new CheckpointProjectionProgress(
      reads.db,
      [countsProjection()],
      new CheckpointSignal(),
      pollMs,
    );
    const started = performance.now();
    const [later] = await appendCounted('many', 1, 1);
    const answers = await Promise.all(Array.from({ length: 100 }, () => waiting.waitFor(later, 10_000)));
    const intervals = (performance.now() - started) / pollMs;
    expect(answers.every(Boolean)).toBe(true);
    // One read per interval (and one at the start), not one per waiter and interval.
    expect(reads.count).toBeGreaterThan(0);
    expect(reads.count).toBeLessThanOrEqual(Math.ceil(intervals) + 1);
  });

  it('reads the log once per append for all its projections, not once per projection', async () => {
    const counting = readCounting(store);
    const names = Array.from({ length: 10 }, (_, i) => `counts_${i}`);
    runner(
      names.map((name) => countsProjection({ name })),
      { eventStore: counting.store, idleMaxWaitMs: 60_000 },
    ).start();
    const reachedAll = async (position: LogPosition) => {
      const checkpoints = await Promise.all(names.map((name) => readCheckpoint(database.db, name)));
      return checkpoints.every((c) => c?.position && comparePositions(c.position, position) >= 0);
    };
    const [first] = await appendCounted('shared', 1);
    await eventually(() => reachedAll(first));
    counting.reads = 0;
    const appends = 5;
    for (let n = 1; n <= appends; n++) {
      const [position] = await appendCounted('shared', 1, n);
      await eventually(() => reachedAll(position));
    }
    // Ten projections standing at one position share each read (it used to be two reads each).
    expect(counting.reads).toBeGreaterThanOrEqual(appends);
    expect(counting.reads).toBeLessThanOrEqual(appends * 2);
  });

  it('wakes a waiter in the same process as soon as the batch commits', async () => {
    const signal = new CheckpointSignal();
    runner([countsProjection()], { signal, idleMaxWaitMs: 60_000 }).start();
    await eventually(async () => (await readCheckpoint(database.db, 'counts')) !== null);
    // The waiter polls only once a minute: only the in-process signal can answer it in time.
    const waiting = new CheckpointProjectionProgress(database.db, [countsProjection()], signal, 60_000);
    const [position] = await appendCounted('fast', 1);
    expect(await waiting.waitFor(position, 5_000)).toBe(true);
  });

  it('rebuilds every projection in one pass over the log, each with the indexes its tables are made with', async () => {
    const positions = await appendCounted('all', 5);
    const indexed = (name: string): Projection & { applied: number } => {
      const plain = countsProjection({ name, label: 'rebuilt' });
      return {
        ...plain,
        async createTables(db: Database) {
          await plain.createTables(db);
          await sql`create index counts_by_last_n on counts (last_n)`.execute(db);
          await sql`create unique index counts_by_label on counts (applied_by, stream_id)`.execute(db);
        },
      };
    };
    const indexesOf = async (schema: string) => {
      const { rows } = await sql<{ name: string; definition: string }>`
        select indexname as name, indexdef as definition from pg_indexes
         where schemaname = ${schema} order by indexname`.execute(database.db);
      return rows.map((row) => `${row.name}: ${row.definition.replace(schema, 'SCHEMA')}`);
    };
    const { rows } = await sql<{ counted: number }>`
      select count(*)::int as counted from events where type = 'Counted'`.execute(database.db);
    const counted = rows[0].counted;
    // A rebuild reads the gap-safe log, which shows the appends once no older transaction runs
    // anywhere in the cluster (another worker's database included): wait until it shows them all.
    const last = positions.at(-1)!;
    await eventually(async () =>
      (await store.readAll(null, 10_000)).some((e) => comparePositions(e.position, last) === 0),
    );
    const counting = readCounting(store);
    const alone = await runner([indexed('counts_a')], { eventStore: counting.store }).rebuild();
    const readsForOne = counting.reads;
    counting.reads = 0;
    const timings = await runner([indexed('counts_a'), indexed('counts_b')], {
      eventStore: counting.store,
    }).rebuild();

    expect(alone.map((t) => [t.name, t.events])).toEqual([['counts_a', counted]]);
    expect(timings.map((t) => [t.name, t.events])).toEqual([
      ['counts_a', counted],
      ['counts_b', counted],
    ]);
    // Two projections rebuilt together read the log as often as one alone does.
    expect(counting.reads).toBe(readsForOne);
    for (const schema of ['rm_counts_a', 'rm_counts_b']) {
      expect(await countRows(database.db, schema)).toContainEqual({
        stream_id: 'all',
        events: 5,
        last_n: 4,
        applied_by: 'rebuilt',
      });
      expect(await indexesOf(schema)).toEqual([
        'counts_by_label: CREATE UNIQUE INDEX counts_by_label ON SCHEMA.counts USING btree (applied_by, stream_id)',
        'counts_by_last_n: CREATE INDEX counts_by_last_n ON SCHEMA.counts USING btree (last_n)',
        'counts_pkey: CREATE UNIQUE INDEX counts_pkey ON SCHEMA.counts USING btree (stream_id)',
      ]);
      expect((await readCheckpoint(database.db, schema.slice(3)))?.position).toEqual(positions.at(-1));
    }
  });
});
