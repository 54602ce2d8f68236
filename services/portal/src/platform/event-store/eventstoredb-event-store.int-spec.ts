import { EventStoreDBClient, jsonEvent } from '@eventstore/db-client';
import { randomUUID } from 'node:crypto';
import { eventually, sleep, testEvent } from '../../../test/waiting';
import { eventHash } from './event-hash';
import { describeEventStoreContract } from './event-store.contract';
import { WrongExpectedRevisionError, type RecordedEvent } from './event-store.port';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { contentChanged } from './testing/broken-links';
import { EsdbGrpcDouble } from './testing/esdb-grpc-double';

/**
 * The EventStoreDB adapter runs the same contract as the PostgreSQL one:
 * - always, against the gRPC double (testing/esdb-grpc-double.ts), once through BatchAppend (what
 *   the client uses with servers 21.10+) and once through Append (older servers);
 * - also against the real server named by EVENTSTORE_URL when it is set (deploy/ starts one),
 *   e.g. `esdb://127.0.0.1:2113?tls=false`.
 * What rests on the double alone is listed in
 * docs/decisions/0209-what-rests-on-the-eventstoredb-double.md.
 */
const eventStoreUrl = process.env.EVENTSTORE_URL;

function againstDouble(options: { batchAppend: boolean }) {
  return async () => {
    const double = await EsdbGrpcDouble.start(options);
    const store = new EventStoreDbEventStore(double.connectionString);
    return {
      store,
      dispose: async () => {
        await store.close();
        await double.stop();
      },
    };
  };
}

describeEventStoreContract('EventStoreDB gRPC double, BatchAppend', againstDouble({ batchAppend: true }));
describeEventStoreContract('EventStoreDB gRPC double, Append', againstDouble({ batchAppend: false }));

if (eventStoreUrl) {
  describeEventStoreContract('EventStoreDB at EVENTSTORE_URL', async () => {
    const store = new EventStoreDbEventStore(eventStoreUrl);
    return { store, dispose: () => store.close() };
  });
}

/** Retries `attempt` until it succeeds, as a caller retries a failed command; gives up after 15 s. */
async function untilItWorks<T>(attempt: () => Promise<T>): Promise<{ value: T; failures: unknown[] }> {
  const failures: unknown[] = [];
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      return { value: await attempt(), failures };
    } catch (error) {
      failures.push(error);
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

describe('EventStoreDB adapter through the gRPC double', () => {
  it('talks to the server through the protocol the server lists: BatchAppend, or Append without it', async () => {
    for (const batchAppend of [true, false]) {
      const double = await EsdbGrpcDouble.start({ batchAppend });
      const store = new EventStoreDbEventStore(double.connectionString);
      try {
        await store.append(`protocol-${randomUUID()}`, [testEvent('A', { n: 1 })], 'no_stream');
        expect(double.calls.get('ServerFeatures/GetSupportedMethods')).toBe(1);
        expect(double.calls.has('Streams/BatchAppend')).toBe(batchAppend);
        expect(double.calls.has('Streams/Append')).toBe(!batchAppend);
      } finally {
        await store.close();
        await double.stop();
      }
    }
  });

  describe('when the server restarts', () => {
    let double: EsdbGrpcDouble;
    let store: EventStoreDbEventStore;
    let other: EventStoreDbEventStore | undefined;

    beforeEach(async () => {
      double = await EsdbGrpcDouble.start();
      store = new EventStoreDbEventStore(double.connectionString);
    });
    afterEach(async () => {
      await store.close();
      await other?.close();
      other = undefined;
      await double.stop();
    });

    it('refuses appends while it is down, then appends and reads again once it is back', async () => {
      const id = `restart-${randomUUID()}`;
      await store.append(id, [testEvent('A', { n: 0 })], 'no_stream');

      await double.stop();
      await expect(store.append(id, [testEvent('A', { n: 1 })], 0n)).rejects.toBeDefined();
      await double.start();

      const retried = testEvent('A', { n: 1 });
      const { value: result } = await untilItWorks(() => store.append(id, [retried], 0n));
      expect(result.nextExpectedRevision).toBe(1n);
      // Once reconnected, every call works at the first attempt, with revisions still checked.
      await store.append(id, [testEvent('A', { n: 2 })], 1n);
      await expect(store.append(id, [testEvent('A', { n: 3 })], 1n)).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      expect((await store.readStream(id)).map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2]);
      const log = await store.readAll(null, 1000);
      expect(log.filter((e) => e.streamId === id).map((e) => e.revision)).toEqual([0n, 1n, 2n]);
    });

    it('resumes a subscription after the last event it delivered: nothing lost, nothing twice', async () => {
      const id = `resume-${randomUUID()}`;
      const received: RecordedEvent[] = [];
      const errors: unknown[] = [];
      const subscription = store.subscribeToAll({
        after: null,
        onEvent: async (e) => {
          if (e.streamId === id) received.push(e);
        },
        onError: (error) => errors.push(error),
      });
      try {
        await store.append(
          id,
          [0, 1, 2].map((n) => testEvent('A', { n })),
          'no_stream',
        );
        await eventually(async () => received.length >= 3);
        expect(received).toHaveLength(3);

        await double.stop();
        await sleep(300);
        await double.start();
        // Another process appends as soon as the server is back (caught up on resubscription),
        // then this one appends once more (delivered live).
        other = new EventStoreDbEventStore(double.connectionString);
        await untilItWorks(() =>
          (other as EventStoreDbEventStore).append(id, [testEvent('A', { n: 3 })], 2n),
        );
        await untilItWorks(() =>
          store.append(
            id,
            [4, 5].map((n) => testEvent('A', { n })),
            3n,
          ),
        );

        await eventually(async () => received.length >= 6);
        await sleep(300);
        expect(received.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5]);
        expect(received.map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n, 4n, 5n]);
        expect(errors.length).toBeGreaterThan(0);
      } finally {
        await subscription.stop();
      }
    });
  });
});

describe('EventStoreDB adapter: the hash chain, through the gRPC double', () => {
  let double: EsdbGrpcDouble;
  let store: EventStoreDbEventStore;
  let raw: EventStoreDBClient;

  beforeEach(async () => {
    double = await EsdbGrpcDouble.start();
    store = new EventStoreDbEventStore(double.connectionString);
    raw = EventStoreDBClient.connectionString(double.connectionString);
  });
  afterEach(async () => {
    await store.close();
    await raw.dispose();
    await double.stop();
  });

  /** The stream as the server holds it: metadata with the chain's keys. */
  async function stored(streamId: string) {
    const out: {
      id: string;
      revision: bigint;
      type: string;
      data: unknown;
      metadata: Record<string, unknown>;
    }[] = [];
    for await (const { event } of raw.readStream(streamId)) {
      if (event) {
        out.push({
          id: event.id,
          revision: event.revision,
          type: event.type,
          data: event.data,
          metadata: event.metadata as Record<string, unknown>,
        });
      }
    }
    return out;
  }

  it("writes each event with its hash and its predecessor's, and reads it back without them", async () => {
    const id = `chain-${randomUUID()}`;
    const first = testEvent('A', { n: 0 });
    await store.append(id, [first], 'no_stream');
    await store.append(id, [testEvent('A', { n: 1 }), testEvent('B', { n: 2, note: 'é' })], 0n);

    const events = await stored(id);
    expect(events.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
    expect(events[0].metadata.$previousHash).toBeNull();
    expect(events[1].metadata.$previousHash).toBe(events[0].metadata.$hash);
    expect(events[2].metadata.$previousHash).toBe(events[1].metadata.$hash);
    // The same hash the PostgreSQL store computes over the same fields.
    expect(events[0].metadata.$hash).toBe(
      eventHash({
        streamId: id,
        revision: 0n,
        eventId: first.id,
        type: 'A',
        data: { n: 0 },
        metadata: first.metadata,
        previousHash: null,
      }),
    );

    const [read] = await store.readStream(id);
    expect(read.metadata).toEqual(first.metadata);
    const [fromLog] = (await store.readAll(null, 1000)).filter((e) => e.streamId === id);
    expect(fromLog.metadata).toEqual(first.metadata);
  });

  it('passes an intact log, then names the first event whose data was edited on the server', async () => {
    const a = `ledger-${randomUUID()}`;
    const b = `ledger-${randomUUID()}`;
    await store.append(a, [testEvent('A', { n: 0 }), testEvent('A', { n: 1 })], 'no_stream');
    await store.append(b, [testEvent('B', { n: 0 })], 'any');
    await store.append(a, [testEvent('A', { n: 2 })], 'any');
    expect(await store.verifyChains()).toEqual({ ok: true, checkedEvents: 4, firstBroken: null });

    const edited = (await stored(a))[1];
    double.tamper(a, 1n, { n: 1000 });
    expect(await store.verifyChains()).toEqual({
      ok: false,
      checkedEvents: 1,
      firstBroken: contentChanged(a, '1', edited.id),
    });
  });

  it('names an event written past the adapter with a copied hash', async () => {
    const id = `forged-${randomUUID()}`;
    await store.append(id, [testEvent('A', { n: 0 }), testEvent('A', { n: 1 })], 'no_stream');
    const [, second] = await stored(id);
    // A writer with the raw client copies the last event's metadata, hash included, onto new data.
    await raw.appendToStream(
      id,
      jsonEvent({ type: 'A', data: { n: 2 }, metadata: second.metadata as never }),
      { expectedRevision: 1n },
    );
    const report = await store.verifyChains();
    expect(report.ok).toBe(false);
    expect(report.firstBroken).toMatchObject({ streamId: id, revision: '2', problem: 'content-changed' });
  });

  it('names an event written past the adapter whose own hash is right but whose link is wrong', async () => {
    const id = `relinked-${randomUUID()}`;
    await store.append(id, [testEvent('A', { n: 0 })], 'no_stream');
    const next = testEvent('A', { n: 1 });
    const previousHash = 'f'.repeat(64);
    const hash = eventHash({
      streamId: id,
      revision: 1n,
      eventId: next.id,
      type: 'A',
      data: next.data,
      metadata: next.metadata,
      previousHash,
    });
    await raw.appendToStream(
      id,
      jsonEvent({
        id: next.id,
        type: 'A',
        data: next.data as never,
        metadata: { ...next.metadata, $hash: hash, $previousHash: previousHash } as never,
      }),
      { expectedRevision: 0n },
    );
    expect((await store.verifyChains()).firstBroken).toMatchObject({
      streamId: id,
      revision: '1',
      eventId: next.id,
      problem: 'link-broken',
    });
  });

  it("keeps one unbroken chain when appends with 'any' race on one stream", async () => {
    const id = `race-${randomUUID()}`;
    const second = new EventStoreDbEventStore(double.connectionString);
    try {
      await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          (n % 2 ? second : store).append(id, [testEvent('A', { n }), testEvent('A', { n: n + 100 })], 'any'),
        ),
      );
    } finally {
      await second.close();
    }
    const events = await stored(id);
    expect(events.map((e) => e.revision)).toEqual(Array.from({ length: 16 }, (_, i) => BigInt(i)));
    for (let i = 1; i < events.length; i++) {
      expect(events[i].metadata.$previousHash).toBe(events[i - 1].metadata.$hash);
    }
    expect(await store.verifyChains()).toEqual({ ok: true, checkedEvents: 16, firstBroken: null });
  });

  it("still refuses an append whose own expected revision is stale, with 'no_stream' or a revision", async () => {
    const id = `stale-${randomUUID()}`;
    await store.append(id, [testEvent('A', { n: 0 })], 'no_stream');
    await expect(store.append(id, [testEvent('A', { n: 1 })], 'no_stream')).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    await store.append(id, [testEvent('A', { n: 1 })], 0n);
    await expect(store.append(id, [testEvent('A', { n: 2 })], 0n)).rejects.toMatchObject({
      expected: 0n,
      actual: 1n,
    });
    expect((await stored(id)).map((e) => e.revision)).toEqual([0n, 1n]);
  });
});
