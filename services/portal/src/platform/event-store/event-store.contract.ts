// Fixed dates: events with their own recorded instants; reads as of given instants.
/*
 * Over 300 lines on purpose: the one contract suite every event-store adapter must pass; its cases
 * are read together.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventIdConflictError } from './event-id-conflict.error';
import { UnstorableTextError } from './unstorable-text.error';
import {
  comparePositions,
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
} from './event-store.port';

/**
 * The behaviour every EventStore adapter must have. Each adapter's integration test calls this
 * with a factory for its store. Every test uses streams of its own, so one shared store (or
 * server) is fine.
 */
export interface EventStoreUnderTest {
  readonly store: EventStore;
  dispose(): Promise<void>;
}

function metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    actor: { id: '7', name: 'Ada Lovelace' },
    occurredAt: '2025-03-14T09:26:53.589Z',
    correlationId: randomUUID(),
    causationId: null,
    commandId: randomUUID(),
    schemaVersion: 1,
    ...overrides,
  };
}

function event(type: string, data: unknown, meta: EventMetadata = metadata()): NewEvent {
  return { id: randomUUID(), type, data, metadata: meta };
}

async function eventually<T>(probe: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function describeEventStoreContract(label: string, factory: () => Promise<EventStoreUnderTest>): void {
  describe(`${label}: event store contract`, () => {
    let underTest: EventStoreUnderTest;
    let store: EventStore;
    const stream = (name: string) => `contract_${name}-${randomUUID()}`;

    /** The position of the newest event now in the log, through a marker append. */
    async function markLog(): Promise<LogPosition> {
      return (await store.append(stream('marker'), [event('MarkerPlaced', {})], 'no_stream')).position;
    }

    /**
     * The log after `after` once it shows `count` events of `streams`. A gap-safe log may hold
     * back committed events for a moment while an older transaction (anywhere in the database
     * cluster) is still running, so reads wait for them instead of asserting at once.
     */
    async function settledLog(after: LogPosition | null, streams: readonly string[], count: number) {
      return eventually(
        () => store.readAll(after, 1000),
        (events) => events.filter((e) => streams.includes(e.streamId)).length >= count,
      );
    }

    beforeAll(async () => {
      underTest = await factory();
      store = underTest.store;
    });
    afterAll(async () => {
      await underTest?.dispose();
    });

    describe('append', () => {
      it('starts a new stream at revision 0 with no_stream and reads it back as written', async () => {
        const id = stream('new');
        const first = event('TimesheetSubmitted', { entryId: 'e-1', hours: '7.50' });
        const second = event('TimesheetSubmitted', { entryId: 'e-2', hours: '0.25' });
        const result = await store.append(id, [first, second], 'no_stream');

        expect(result.nextExpectedRevision).toBe(1n);
        const read = await store.readStream(id);
        expect(read.map((e) => [e.id, e.type, e.revision, e.data, e.streamId])).toEqual([
          [first.id, 'TimesheetSubmitted', 0n, { entryId: 'e-1', hours: '7.50' }, id],
          [second.id, 'TimesheetSubmitted', 1n, { entryId: 'e-2', hours: '0.25' }, id],
        ]);
        expect(comparePositions(read[0].position, read[1].position)).toBe(-1);
        expect(result.position).toEqual(read[1].position);
        expect(Number.isNaN(Date.parse(read[0].recordedAt))).toBe(false);
      });

      it('refuses no_stream when the stream exists and appends nothing', async () => {
        const id = stream('exists');
        await store.append(id, [event('ProjectOpened', { projectId: 1 })], 'no_stream');

        const refusal = store.append(id, [event('ProjectOpened', { projectId: 1 })], 'no_stream');
        await expect(refusal).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(refusal).rejects.toMatchObject({ streamId: id, expected: 'no_stream', actual: 0n });
        expect(await store.readStream(id)).toHaveLength(1);
      });

      it('appends at the exact expected revision and refuses a stale one', async () => {
        const id = stream('exact');
        await store.append(id, [event('A', { n: 0 }), event('A', { n: 1 })], 'no_stream');

        const next = await store.append(id, [event('B', { n: 2 }), event('B', { n: 3 })], 1n);
        expect(next.nextExpectedRevision).toBe(3n);

        const stale = store.append(id, [event('C', { n: 4 })], 1n);
        await expect(stale).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(stale).rejects.toMatchObject({ expected: 1n, actual: 3n });
        const ahead = store.append(id, [event('C', { n: 4 })], 9n);
        await expect(ahead).rejects.toMatchObject({ expected: 9n, actual: 3n });

        const read = await store.readStream(id);
        expect(read.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3]);
      });

      it('refuses text PostgreSQL cannot store (NUL, a lone surrogate) and appends nothing', async () => {
        const id = stream('unstorable');
        for (const data of [{ comment: 'a\u0000b' }, { items: [{ note: '\ud800' }] }]) {
          await expect(store.append(id, [event('Noted', data)], 'any')).rejects.toBeInstanceOf(
            UnstorableTextError,
          );
        }
        expect(await store.readStream(id)).toEqual([]);
      });

      it('refuses an exact revision on a stream that does not exist', async () => {
        const id = stream('missing');
        const refusal = store.append(id, [event('A', {})], 0n);
        await expect(refusal).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(refusal).rejects.toMatchObject({ expected: 0n, actual: 'no_stream' });
        expect(await store.readStream(id)).toEqual([]);
      });

      it('appends with any to a new and to an existing stream', async () => {
        const id = stream('any');
        expect((await store.append(id, [event('A', {})], 'any')).nextExpectedRevision).toBe(0n);
        expect((await store.append(id, [event('A', {}), event('A', {})], 'any')).nextExpectedRevision).toBe(
          2n,
        );
        expect((await store.readStream(id)).map((e) => e.revision)).toEqual([0n, 1n, 2n]);
      });

      it('round-trips metadata and nested data exactly', async () => {
        const id = stream('meta');
        const meta = metadata({
          actor: { id: '42', name: 'Zoë Ñúñez-O’Brien' },
          causationId: randomUUID(),
          schemaVersion: 3,
        });
        const data = {
          amount: '1234.56',
          items: [{ date: '2025-02-03', note: 'line\nbreak "quoted" ✓' }, null],
          flags: { late: true, count: 0 },
          empty: [],
        };
        await store.append(id, [event('ExpenseClaimed', data, meta)], 'no_stream');

        const [read] = await store.readStream(id);
        expect(read.metadata).toEqual(meta);
        expect(read.data).toEqual(data);
      });
    });

    describe('idempotent append by event id', () => {
      it('answers a retry of the same append with the original result and stores nothing twice', async () => {
        const id = stream('retry');
        const before = await markLog();
        const events = [event('TimesheetSubmitted', { n: 1 }), event('TimesheetSubmitted', { n: 2 })];
        const original = await store.append(id, events, 'no_stream');

        const retry = await store.append(id, events, 'no_stream');
        expect(retry).toEqual(original);

        const log = (await settledLog(before, [id], 2)).filter((e) => e.streamId === id);
        expect(log.map((e) => e.id)).toEqual(events.map((e) => e.id));
        expect(await store.readStream(id)).toHaveLength(2);
      });

      it('still answers the original result when the stream moved on since', async () => {
        const id = stream('retry-later');
        const events = [event('A', { n: 1 })];
        const original = await store.append(id, events, 'no_stream');
        await store.append(id, [event('B', { n: 2 })], 0n);

        expect(await store.append(id, events, 'no_stream')).toEqual(original);
        expect(await store.append(id, events, 1n)).toEqual(original);
        expect(await store.append(id, events, 'any')).toEqual(original);
        expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B']);
      });

      it('refuses a partial overlap with stored ids and appends none of it', async () => {
        const id = stream('overlap');
        const stored = event('A', { n: 1 });
        await store.append(id, [stored], 'no_stream');

        const overlap = store.append(id, [stored, event('A', { n: 2 })], 0n);
        await expect(overlap).rejects.toBeInstanceOf(EventIdConflictError);
        expect((await store.readStream(id)).map((e) => e.id)).toEqual([stored.id]);
      });
    });

    describe('readStream', () => {
      it('reads from a revision onwards, in revision order', async () => {
        const id = stream('from');
        await store.append(
          id,
          [0, 1, 2, 3, 4].map((n) => event('A', { n })),
          'no_stream',
        );

        const tail = await store.readStream(id, 2n);
        expect(tail.map((e) => e.revision)).toEqual([2n, 3n, 4n]);
        expect(tail.map((e) => (e.data as { n: number }).n)).toEqual([2, 3, 4]);
        expect(await store.readStream(id, 5n)).toEqual([]);
      });

      it('keeps revision order past ten events (numeric, not text, order)', async () => {
        const id = stream('many');
        const numbers = Array.from({ length: 23 }, (_, n) => n);
        await store.append(
          id,
          numbers.map((n) => event('A', { n })),
          'no_stream',
        );

        const read = await store.readStream(id);
        expect(read.map((e) => (e.data as { n: number }).n)).toEqual(numbers);
        const log = (await settledLog(null, [id], numbers.length)).filter((e) => e.streamId === id);
        expect(log.map((e) => (e.data as { n: number }).n)).toEqual(numbers);
      });

      it('returns nothing for a stream that does not exist', async () => {
        expect(await store.readStream(stream('nothing'))).toEqual([]);
        expect(await store.readStream(stream('nothing'), 3n)).toEqual([]);
      });
    });

    describe('readStreams', () => {
      it('reads the given streams in log order, and up to an instant only what occurred by then', async () => {
        const [a, b] = [stream('streams-a'), stream('streams-b')];
        const at = (occurredAt: string, n: number) => event('A', { n }, metadata({ occurredAt }));
        await store.append(a, [at('2025-03-14T09:00:00.000Z', 1)], 'no_stream');
        await store.append(b, [at('2025-03-14T10:00:00.000Z', 2)], 'no_stream');
        await store.append(a, [at('2025-03-14T10:00:00.001Z', 3), at('2025-03-14T08:00:00.000Z', 4)], 0n);
        const numbers = (events: readonly RecordedEvent[]) => events.map((e) => (e.data as { n: number }).n);

        expect(numbers(await store.readStreams([a, b, a]))).toEqual([1, 2, 3, 4]);
        // At or before the instant, by occurredAt (not by position): 4 counts, 3 does not.
        expect(numbers(await store.readStreams([a, b], '2025-03-14T10:00:00.000Z'))).toEqual([1, 2, 4]);
        expect(numbers(await store.readStreams([b], '2025-03-14T09:59:59.999Z'))).toEqual([]);
        expect(await store.readStreams([])).toEqual([]);
      });
    });

    describe('readAll', () => {
      it('reads the log strictly after a position, in log order, across streams', async () => {
        const before = await markLog();
        const a = stream('all-a');
        const b = stream('all-b');
        const r1 = await store.append(a, [event('A', { n: 1 })], 'no_stream');
        const r2 = await store.append(b, [event('B', { n: 2 }), event('B', { n: 3 })], 'no_stream');
        const r3 = await store.append(a, [event('A', { n: 4 })], 0n);

        const read = await settledLog(before, [a, b], 4);
        const ours = read.filter((e) => e.streamId === a || e.streamId === b);
        expect(ours.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4]);
        expect(ours.map((e) => e.streamId)).toEqual([a, b, b, a]);
        expect(ours.map((e) => e.revision)).toEqual([0n, 0n, 1n, 1n]);
        for (const e of read) expect(comparePositions(e.position, before)).toBe(1);
        for (let i = 1; i < read.length; i++) {
          expect(comparePositions(read[i - 1].position, read[i].position)).toBe(-1);
        }
        expect([ours[0].position, ours[2].position, ours[3].position]).toEqual([
          r1.position,
          r2.position,
          r3.position,
        ]);

        const fromMiddle = await store.readAll(ours[1].position, 1000);
        expect(fromMiddle.filter((e) => e.streamId === a || e.streamId === b).map((e) => e.data)).toEqual([
          { n: 3 },
          { n: 4 },
        ]);
      });

      it('returns at most maxCount events, continuing where the last one ended', async () => {
        const before = await markLog();
        const id = stream('max');
        await store.append(
          id,
          [1, 2, 3, 4, 5].map((n) => event('A', { n })),
          'no_stream',
        );

        const everything = await settledLog(before, [id], 5);
        const page1 = await store.readAll(before, 2);
        expect(page1).toHaveLength(2);
        const page2 = await store.readAll(page1[1].position, 2);
        expect(page2).toHaveLength(2);
        expect([...page1, ...page2].map((e) => e.id)).toEqual(everything.slice(0, 4).map((e) => e.id));
        expect(await store.readAll(before, 0)).toEqual([]);
      });

      it('reads from the start of the log when after is null', async () => {
        await markLog();
        const start = await store.readAll(null, 3);
        expect(start.length).toBeGreaterThan(0);
        expect(start.length).toBeLessThanOrEqual(3);
        for (let i = 1; i < start.length; i++) {
          expect(comparePositions(start[i - 1].position, start[i].position)).toBe(-1);
        }
        for (const e of start) expect(e.type.startsWith('$')).toBe(false);
      });
    });

    describe('subscribeToAll', () => {
      it('catches up from a position, then receives live appends, in order and once each', async () => {
        const before = await markLog();
        const id = stream('sub');
        await store.append(id, [event('A', { n: 0 }), event('A', { n: 1 })], 'no_stream');

        const received: RecordedEvent[] = [];
        const errors: unknown[] = [];
        const subscription = store.subscribeToAll({
          after: before,
          onEvent: async (e) => {
            if (e.streamId === id) received.push(e);
          },
          onError: (error) => errors.push(error),
        });
        try {
          await eventually(
            () => received.length,
            (n) => n >= 2,
          );
          expect(received.map((e) => e.revision)).toEqual([0n, 1n]);

          await store.append(id, [event('A', { n: 2 })], 1n);
          await store.append(id, [event('A', { n: 3 }), event('A', { n: 4 })], 2n);
          await eventually(
            () => received.length,
            (n) => n >= 5,
          );
          await sleep(300);
          expect(received.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4]);
          expect(errors).toEqual([]);
        } finally {
          await subscription.stop();
        }

        await store.append(id, [event('A', { n: 5 })], 4n);
        await sleep(300);
        expect(received).toHaveLength(5);
      });

      it('delivers nothing at or before the starting position', async () => {
        const id = stream('sub-after');
        await store.append(id, [event('A', { n: 0 })], 'no_stream');
        const second = await store.append(id, [event('A', { n: 1 })], 0n);
        await store.append(id, [event('A', { n: 2 })], 1n);

        const received: number[] = [];
        const subscription = store.subscribeToAll({
          after: second.position,
          onEvent: async (e) => {
            if (e.streamId === id) received.push((e.data as { n: number }).n);
          },
        });
        try {
          await eventually(
            () => received.length,
            (n) => n >= 1,
          );
          await sleep(200);
          expect(received).toEqual([2]);
        } finally {
          await subscription.stop();
        }
      });

      it('awaits each onEvent before the next, and stop() waits for the one running', async () => {
        const before = await markLog();
        const id = stream('sub-stop');
        await store.append(
          id,
          [0, 1, 2].map((n) => event('A', { n })),
          'no_stream',
        );

        const log: string[] = [];
        let inHandler = false;
        let overlapped = false;
        let firstStarted: () => void = () => undefined;
        const started = new Promise<void>((resolve) => (firstStarted = resolve));
        const subscription = store.subscribeToAll({
          after: before,
          onEvent: async (e) => {
            if (e.streamId !== id) return;
            if (inHandler) overlapped = true;
            inHandler = true;
            log.push(`start ${e.revision}`);
            firstStarted();
            await sleep(150);
            log.push(`end ${e.revision}`);
            inHandler = false;
          },
        });
        await started;
        await subscription.stop();
        log.push('stopped');
        await sleep(300);

        expect(overlapped).toBe(false);
        expect(log).toEqual(['start 0', 'end 0', 'stopped']);
      });
    });
  });
}
