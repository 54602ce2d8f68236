import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../test/services';
import { sleep, testEvent as newEvent } from '../../../test/waiting';
import { openDatabase, openPostgres, type DatabaseHandle } from '../database/database';
import { EVENTS_CHANNEL } from '../database/notifications';
import { migrateToLatest } from '../database/migrate';
import { describeEventStoreContract } from './event-store.contract';
import type { NewEvent, RecordedEvent } from './event-store.port';
import { PostgresEventStore } from './postgres-event-store';

describeEventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase();
  const store = new PostgresEventStore(database.db, { pollIntervalMs: 25 });
  return {
    store,
    dispose: async () => {
      await store.close();
      await database.drop();
    },
  };
});

describeEventStoreContract('PGlite (in memory)', async () => {
  const handle = await openDatabase({ databaseUrl: undefined, dataDir: '', inMemory: true });
  await migrateToLatest(handle.db);
  const store = new PostgresEventStore(handle.db, { pollIntervalMs: 25 });
  return {
    store,
    dispose: async () => {
      await store.close();
      await handle.close();
    },
  };
});

/** A promise with its resolve function, to hold a transaction open until the test lets it go. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('PostgreSQL event store: gap-safe reading of concurrent transactions', () => {
  let database: TestDatabase;
  let reader: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    reader = new PostgresEventStore(database.db, { pollIntervalMs: 25 });
  });
  afterAll(async () => {
    await reader.close();
    await database.drop();
  });

  /** Appends through a store bound to a transaction of its own, held open until `release`. */
  function appendInHeldTransaction(streamId: string, event: NewEvent, release: Promise<void>) {
    const appended = gate();
    const committed = database.db.transaction().execute(async (trx) => {
      const result = await new PostgresEventStore(trx).append(streamId, [event], 'no_stream');
      appended.open();
      await release;
      return result;
    });
    return { appended: appended.promise, committed };
  }

  it('never skips an event that commits after a later one: readAll and a subscription see A, then B, once', async () => {
    const streamA = `gap-a-${randomUUID()}`;
    const streamB = `gap-b-${randomUUID()}`;
    const received: RecordedEvent[] = [];
    const subscription = reader.subscribeToAll({
      after: null,
      onEvent: async (e) => {
        received.push(e);
      },
    });

    try {
      const releaseA = gate();
      const releaseB = gate();
      const a = appendInHeldTransaction(streamA, newEvent('A', { who: 'a' }), releaseA.promise);
      await a.appended;
      const b = appendInHeldTransaction(streamB, newEvent('B', { who: 'b' }), releaseB.promise);
      await b.appended;

      // B commits first although A took the lower sequence number.
      releaseB.open();
      const resultB = await b.committed;
      const committedRows = await sql<{ stream_id: string }>`select stream_id from events`.execute(
        database.db,
      );
      expect(committedRows.rows.map((r) => r.stream_id)).toEqual([streamB]);

      // While A is open, B must stay invisible: a reader that saw B now would later skip A.
      expect(await reader.readAll(null, 100)).toEqual([]);
      await sleep(300);
      expect(received).toEqual([]);

      releaseA.open();
      const resultA = await a.committed;
      expect(resultA.position.prepare).toBeLessThan(resultB.position.prepare);
      expect(resultA.position.commit).toBeLessThan(resultB.position.commit);

      // Visible once no older transaction runs (in the whole cluster: other tests may hold one).
      let all = await reader.readAll(null, 100);
      for (const deadline = Date.now() + 5000; all.length < 2 && Date.now() < deadline;) {
        await sleep(20);
        all = await reader.readAll(null, 100);
      }
      expect(all.map((e) => e.streamId)).toEqual([streamA, streamB]);
      expect(all.map((e) => e.position)).toEqual([resultA.position, resultB.position]);

      const deadline = Date.now() + 5000;
      while (received.length < 2 && Date.now() < deadline) await sleep(20);
      await sleep(300);
      expect(received.map((e) => e.streamId)).toEqual([streamA, streamB]);
    } finally {
      await subscription.stop();
    }
  });

  it('does not return events of a transaction that is still open, and returns them once it commits', async () => {
    const streamId = `open-${randomUUID()}`;
    const before = (await reader.readAll(null, 1000)).at(-1)?.position ?? null;
    const release = gate();
    const held = appendInHeldTransaction(streamId, newEvent('Pending', { n: 1 }), release.promise);
    await held.appended;

    expect((await reader.readAll(before, 1000)).filter((e) => e.streamId === streamId)).toEqual([]);
    expect(await reader.readStream(streamId)).toEqual([]);

    release.open();
    await held.committed;
    let after: RecordedEvent[] = [];
    for (const deadline = Date.now() + 5000; after.length === 0 && Date.now() < deadline; await sleep(20)) {
      after = (await reader.readAll(before, 1000)).filter((e) => e.streamId === streamId);
    }
    expect(after.map((e) => e.type)).toEqual(['Pending']);
  });

  it('lets exactly one of two concurrent appends at the same revision win', async () => {
    const streamId = `race-${randomUUID()}`;
    await reader.append(streamId, [newEvent('Opened', {})], 'no_stream');
    const writer1 = new PostgresEventStore(database.db);
    const writer2 = new PostgresEventStore(database.db);

    const outcomes = await Promise.allSettled([
      writer1.append(streamId, [newEvent('Changed', { by: 1 })], 0n),
      writer2.append(streamId, [newEvent('Changed', { by: 2 })], 0n),
    ]);

    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0].reason).toMatchObject({ name: 'WrongExpectedRevisionError', actual: 1n });
    expect((await reader.readStream(streamId)).map((e) => e.revision)).toEqual([0n, 1n]);
  });

  it('answers concurrent duplicates of one append once, both with the same result', async () => {
    const streamId = `dup-${randomUUID()}`;
    const events = [newEvent('Submitted', { n: 1 }), newEvent('Submitted', { n: 2 })];
    const results = await Promise.all([
      new PostgresEventStore(database.db).append(streamId, events, 'no_stream'),
      new PostgresEventStore(database.db).append(streamId, events, 'no_stream'),
    ]);
    expect(results[0]).toEqual(results[1]);
    expect((await reader.readStream(streamId)).map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  it('lets concurrent appends with expected revision any all land, in distinct revisions', async () => {
    const streamId = `any-${randomUUID()}`;
    const writers = [1, 2, 3, 4].map(() => new PostgresEventStore(database.db));
    await Promise.all(writers.map((w, i) => w.append(streamId, [newEvent('Noted', { i })], 'any')));
    const read = await reader.readStream(streamId);
    expect(read.map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n]);
    expect(read.map((e) => (e.data as { i: number }).i).sort()).toEqual([0, 1, 2, 3]);
  });
});

/*
 * Subscriptions rest when idle: these stores never poll on their own (a ten-minute safety poll),
 * so every delivery below comes from a wake-up. Without it a test fails by running out of time.
 */
const RESTING = { pollIntervalMs: 600_000, notifiedPollIntervalMs: 600_000 };

/** Collects a subscription's events; `next(n)` resolves once n have arrived. */
function collector() {
  const received: RecordedEvent[] = [];
  let waiter: { count: number; resolve: () => void } | null = null;
  return {
    received,
    onEvent: async (event: RecordedEvent) => {
      received.push(event);
      if (waiter && received.length >= waiter.count) waiter.resolve();
    },
    next: (count: number) =>
      received.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => (waiter = { count, resolve })),
  };
}

describe('PostgreSQL event store: subscriptions woken by NOTIFY', () => {
  let database: TestDatabase;
  let other: DatabaseHandle;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Another process as far as this store can tell: its own pool and its own listening connection.
    other = openPostgres(database.url, 2);
    store = new PostgresEventStore(database.db, RESTING);
  });
  afterAll(async () => {
    await store.close();
    await other.close();
    await database.drop();
  });

  it('delivers an event appended through another connection without polling for it', async () => {
    const events = collector();
    const subscription = store.subscribeToAll({ after: null, onEvent: events.onEvent });
    const writer = new PostgresEventStore(other.db);
    try {
      const streamId = `notified-${randomUUID()}`;
      await writer.append(streamId, [newEvent('First', {})], 'no_stream');
      await events.next(1);
      // The listening connection is up by now: the second one can only arrive through NOTIFY.
      await writer.append(streamId, [newEvent('Second', {})], 0n);
      await events.next(2);
      expect(events.received.map((e) => e.type)).toEqual(['First', 'Second']);
    } finally {
      await subscription.stop();
      await writer.close();
    }
  });

  it('retries a notified event that an older open transaction still hides, and delivers it once visible', async () => {
    const before = (await store.readAll(null, 1000)).at(-1)?.position ?? null;
    const events = collector();
    const subscription = store.subscribeToAll({ after: before, onEvent: events.onEvent });
    const writer = new PostgresEventStore(other.db);
    const notified = gate();
    const stopListening = database.notifications?.listen(EVENTS_CHANNEL, { notify: () => notified.open() });
    // An older transaction with an id of its own, held open: gap-safe reading hides what commits after it.
    const older = await new Pool({ connectionString: database.url, max: 1 }).connect();
    try {
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      const streamId = `hidden-${randomUUID()}`;
      await writer.append(streamId, [newEvent('Hidden', {})], 'no_stream');
      await notified.promise;
      expect(await store.readAll(before, 10)).toEqual([]);
      expect(events.received).toEqual([]);

      // No NOTIFY comes with this commit: only the subscription's own retries can find the event.
      await older.query('commit');
      await events.next(1);
      expect(events.received.map((e) => e.streamId)).toEqual([streamId]);
    } finally {
      stopListening?.();
      await older.query('rollback').catch(() => undefined);
      older.release(true);
      await subscription.stop();
      await writer.close();
    }
  });
});

describe('PGlite event store: subscriptions woken by NOTIFY', () => {
  it('delivers an event appended in a transaction by another store instance once it commits', async () => {
    const handle = await openDatabase({ databaseUrl: undefined, dataDir: '', inMemory: true });
    await migrateToLatest(handle.db);
    const store = new PostgresEventStore(handle.db, RESTING);
    const events = collector();
    const subscription = store.subscribeToAll({ after: null, onEvent: events.onEvent });
    try {
      const streamId = `pglite-${randomUUID()}`;
      await store.append(streamId, [newEvent('First', {})], 'no_stream');
      await events.next(1);
      // Appended by another instance, inside a transaction: only the NOTIFY at commit tells the subscription.
      await handle.db
        .transaction()
        .execute((trx) => new PostgresEventStore(trx).append(streamId, [newEvent('InTx', {})], 0n));
      await events.next(2);
      expect(events.received.map((e) => e.type)).toEqual(['First', 'InTx']);
    } finally {
      await subscription.stop();
      await store.close();
      await handle.close();
    }
  });
});
