import { randomUUID } from 'node:crypto';
import { eventually, sleep, testEvent } from '../../../test/waiting';
import { describeEventStoreContract } from './event-store.contract';
import { WrongExpectedRevisionError, type RecordedEvent } from './event-store.port';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { EsdbGrpcDouble } from './testing/esdb-grpc-double';

/**
 * The EventStoreDB adapter runs the same contract as the PostgreSQL one:
 * - always, against the gRPC double (testing/esdb-grpc-double.ts), once through BatchAppend (what
 *   the client uses with servers 21.10+) and once through Append (older servers);
 * - also against the real server named by EVENTSTORE_URL when it is set (deploy/ starts one),
 *   e.g. `esdb://127.0.0.1:2113?tls=false`.
 * What rests on the double alone is listed in docs/decisions.md ("EventStoreDB test double").
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
