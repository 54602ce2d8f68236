/*
 * Over 300 lines on purpose: the whole EventStoreDB adapter of the EventStore port in one place,
 * as the PostgreSQL one.
 */
import {
  ANY,
  BACKWARDS,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  END,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type JSONType,
  type ResolvedEvent,
  type AllStreamResolvedEvent,
} from '@eventstore/db-client';
import type { LogVerification } from '@portal/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { verifyChainsInLogOrder, type ChainedEvent } from './chain-verifier';
import { eventHash } from './event-hash';
import { EventIdConflictError } from './event-id-conflict.error';
import { assertAppendable } from './append-checks';
import {
  comparePositions,
  EventStore,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './event-store.port';

export interface EventStoreDbEventStoreOptions {
  /**
   * How far back (in events of the stream) an append looks for its own event ids, to answer a
   * retry with the original result. Default 1000.
   */
  readonly idempotencyWindow?: number;
}

type EsdbRecorded = NonNullable<ResolvedEvent['event']>;

function isSystem(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function positionOf(event: EsdbRecorded, commitPosition: bigint | undefined): LogPosition {
  if (event.position) return { commit: event.position.commit, prepare: event.position.prepare };
  // Servers before 22.6 do not return positions on stream reads; their commit and prepare
  // positions of a single-stream write are equal.
  if (commitPosition !== undefined) return { commit: commitPosition, prepare: commitPosition };
  throw new Error(`EventStoreDB returned event ${event.id} without a position (server 22.6 or newer needed)`);
}

/**
 * The reserved metadata keys that carry an event's hash chain on EventStoreDB (docs/events.md
 * "Hash chain"): its hash and its predecessor's. They are written on append and stripped from
 * every event the adapter returns, so callers see the metadata exactly as with PostgreSQL.
 */
export const HASH_KEY = '$hash';
export const PREVIOUS_HASH_KEY = '$previousHash';

/** The metadata without the chain's keys, and the chain's two hashes (null when absent). */
function splitChain(metadata: unknown): {
  metadata: unknown;
  hash: string | null;
  previousHash: string | null;
} {
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) {
    return { metadata, hash: null, previousHash: null };
  }
  const {
    [HASH_KEY]: hash,
    [PREVIOUS_HASH_KEY]: previousHash,
    ...rest
  } = metadata as Record<string, unknown>;
  return {
    metadata: rest,
    hash: typeof hash === 'string' ? hash : null,
    previousHash: typeof previousHash === 'string' ? previousHash : null,
  };
}

function toRecorded(event: EsdbRecorded, commitPosition?: bigint): RecordedEvent {
  return {
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    type: event.type,
    data: event.data as unknown,
    metadata: splitChain(event.metadata).metadata as EventMetadata,
    position: positionOf(event, commitPosition),
    recordedAt: event.created.toISOString(),
  };
}

function toChained(event: EsdbRecorded): ChainedEvent {
  const { hash, previousHash } = splitChain(event.metadata);
  const { id: eventId, streamId, revision, type, data, metadata } = toRecorded(event);
  return { streamId, revision, eventId, type, data, metadata, hash, previousHash };
}

/** An event read from a stream, with the chain's hash it carries (null: none). */
interface StreamEvent {
  readonly recorded: RecordedEvent;
  readonly hash: string | null;
}

/** How often an append the caller sent with 'any' re-reads the stream's head after losing a race. */
const ANY_APPEND_ATTEMPTS = 10;

function toEsdbRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  return expected;
}

/**
 * The events as sent, each with its hash and its predecessor's in the reserved metadata keys,
 * hashed exactly as the PostgreSQL adapter hashes its rows (same fields, same `eventHash`), the
 * first one linked to `head` (the stream's last event; null for a new stream).
 */
function chained(streamId: string, events: readonly NewEvent[], head: StreamEvent | null) {
  let previousHash = head?.hash ?? null;
  let revision = head ? head.recorded.revision + 1n : 0n;
  return events.map((e) => {
    // Hashed as stored and read back: through JSON (undefined members dropped).
    const data = JSON.parse(JSON.stringify(e.data ?? null)) as JSONType;
    const metadata = JSON.parse(JSON.stringify(e.metadata)) as Record<string, JSONType>;
    const hash = eventHash({ streamId, revision, eventId: e.id, type: e.type, data, metadata, previousHash });
    const event = jsonEvent({
      id: e.id,
      type: e.type,
      data,
      metadata: { ...metadata, [HASH_KEY]: hash, [PREVIOUS_HASH_KEY]: previousHash },
    });
    previousHash = hash;
    revision++;
    return event;
  });
}

/**
 * The event log in EventStoreDB (used when EVENTSTORE_URL is set). Revisions and positions are
 * EventStoreDB's own; system events (types or streams starting with `$`) and non-JSON events are
 * never returned.
 *
 * Idempotency: before appending, the stream's most recent events (up to `idempotencyWindow`) are
 * searched for the ids, so a retry answers exactly as the PostgreSQL adapter does, whatever
 * revision it states. Unlike PostgreSQL, EventStoreDB does not make event ids unique across
 * streams; reusing an id in another stream is not detected.
 *
 * Hash chain: the same one the PostgreSQL adapter keeps in columns, kept here in the reserved
 * metadata keys `$hash` and `$previousHash` (see `chained`). An append states the revision its
 * chain was computed on; with 'any' it re-reads the head and tries again after losing a race, up
 * to ANY_APPEND_ATTEMPTS times. `verifyChains` checks $all in one pass.
 */
export class EventStoreDbEventStore extends EventStore {
  private readonly client: EventStoreDBClient;
  private readonly ownsClient: boolean;
  private readonly idempotencyWindow: number;
  private readonly subscriptions = new Set<EsdbSubscription>();

  constructor(connection: string | EventStoreDBClient, options: EventStoreDbEventStoreOptions = {}) {
    super();
    this.ownsClient = typeof connection === 'string';
    this.client =
      typeof connection === 'string' ? EventStoreDBClient.connectionString(connection) : connection;
    this.idempotencyWindow = options.idempotencyWindow ?? 1000;
  }

  override async append(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    assertAppendable(streamId, events);
    for (let attempt = 1; ; attempt++) {
      // The stream's recent events answer a retried append, and the newest one is the chain's head.
      const recent = await this.recent(streamId);
      const stored = this.findStored(streamId, events, recent);
      if (stored) return stored;
      const head = recent[0] ?? null;
      // The append states the revision the chain was computed on, so no concurrent append can slip
      // between: the caller's own revision when it gave one, else the head just read.
      const stated: AppendExpectedRevision =
        expected === 'any' ? (head?.recorded.revision ?? NO_STREAM) : toEsdbRevision(expected);
      let nextExpectedRevision: bigint;
      try {
        const result = await this.client.appendToStream(streamId, chained(streamId, events, head), {
          expectedRevision: stated,
        });
        nextExpectedRevision = result.nextExpectedRevision;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        // Lost a race the caller did not ask to lose: read the new head and chain onto it.
        if (expected === 'any' && attempt < ANY_APPEND_ATTEMPTS) {
          await sleep(Math.floor(Math.random() * 10 * attempt));
          continue;
        }
        // A concurrent duplicate of this very append may have won: answer as it did.
        const again = this.findStored(streamId, events, await this.recent(streamId));
        if (again) return again;
        const actual = error.actualVersion;
        throw new WrongExpectedRevisionError(streamId, expected, actual === NO_STREAM ? 'no_stream' : actual);
      }
      // The position of the last appended event exactly as readAll reports it (waiters compare it).
      const [last] = await this.read(streamId, { fromRevision: nextExpectedRevision, maxCount: 1 });
      if (!last)
        throw new Error(`Event ${nextExpectedRevision} of ${streamId} is missing right after its append`);
      return { nextExpectedRevision, position: last.recorded.position };
    }
  }

  /** The stream's newest events (up to the idempotency window, at least one), newest first. */
  private recent(streamId: string): Promise<StreamEvent[]> {
    return this.read(streamId, {
      fromRevision: 'end',
      maxCount: Math.max(this.idempotencyWindow, 1),
      direction: BACKWARDS,
    });
  }

  /** Same rule as the PostgreSQL adapter: all ids stored consecutively in order -> original result. */
  private findStored(
    streamId: string,
    events: readonly NewEvent[],
    recent: readonly StreamEvent[],
  ): AppendResult | null {
    const ids = events.map((e) => e.id.toLowerCase());
    const wanted = new Set(ids);
    const found = new Map<string, RecordedEvent>();
    for (const { recorded: event } of recent) {
      if (wanted.has(event.id.toLowerCase())) found.set(event.id.toLowerCase(), event);
      if (found.size === wanted.size) break;
    }
    if (found.size === 0) return null;
    const inOrder = ids.map((id) => found.get(id));
    const first = inOrder[0];
    const sameAppend =
      first !== undefined &&
      inOrder.every((e, i) => e !== undefined && e.revision === first.revision + BigInt(i));
    if (!sameAppend) throw new EventIdConflictError(streamId, [...found.keys()]);
    const last = inOrder[inOrder.length - 1] as RecordedEvent;
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  private async read(
    streamId: string,
    options: {
      fromRevision: bigint | 'start' | 'end';
      maxCount?: number;
      direction?: 'forwards' | 'backwards';
    },
  ): Promise<StreamEvent[]> {
    const out: StreamEvent[] = [];
    try {
      const stream = this.client.readStream(streamId, {
        fromRevision: options.fromRevision,
        maxCount: options.maxCount,
        direction: options.direction ?? FORWARDS,
      });
      for await (const resolved of stream) {
        if (resolved.event && resolved.event.isJson) {
          out.push({
            recorded: toRecorded(resolved.event, resolved.commitPosition),
            hash: splitChain(resolved.event.metadata).hash,
          });
        }
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  override async readStream(streamId: string, fromRevision = 0n): Promise<RecordedEvent[]> {
    const events = await this.read(streamId, { fromRevision: fromRevision === 0n ? START : fromRevision });
    return events.map((e) => e.recorded);
  }

  override async headPosition(): Promise<LogPosition | null> {
    // The newest event of the log that is not a system event (those the adapter never delivers).
    // The page is read to its end: a read left half-consumed never finishes, and the client's
    // dispose() (close) would wait for it forever.
    const page = this.client.readAll({ fromPosition: END, maxCount: 100, direction: BACKWARDS });
    let newest: LogPosition | null = null;
    for await (const resolved of page) {
      const event = resolved.event;
      if (!newest && event && !isSystem(event) && event.isJson) newest = event.position;
    }
    return newest;
  }

  override async readAll(after: LogPosition | null, maxCount: number): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    if (maxCount <= 0) return out;
    for await (const event of this.scanAll(after, maxCount + 1)) {
      out.push(toRecorded(event));
      if (out.length >= maxCount) break;
    }
    return out;
  }

  /**
   * Every non-system JSON event strictly after `after`, in log order, read by pages of at least
   * `pageSize`. readAll starts at (and includes) the given position and cannot filter on the
   * server, so pages are read and system events and everything at or before `after` skipped. Each
   * (bounded) page is read to its end before its events are yielded, as in headPosition, so a
   * consumer may stop at any event.
   */
  private async *scanAll(after: LogPosition | null, pageSize: number): AsyncGenerator<EsdbRecorded> {
    const size = Math.max(pageSize, 100);
    let cursor: LogPosition | null = after;
    for (;;) {
      let seen = 0;
      let last: LogPosition | null = null;
      const kept: EsdbRecorded[] = [];
      const page = this.client.readAll({
        fromPosition: cursor ? { commit: cursor.commit, prepare: cursor.prepare } : START,
        maxCount: size,
        direction: FORWARDS,
      });
      for await (const resolved of page) {
        seen++;
        const event = resolved.event;
        if (!event) continue;
        const position: LogPosition = event.position;
        last = position;
        if (cursor && comparePositions(position, cursor) <= 0) continue;
        if (isSystem(event) || !event.isJson) continue;
        kept.push(event);
      }
      yield* kept;
      if (seen < size || !last) return;
      if (cursor && comparePositions(last, cursor) <= 0) return;
      cursor = last;
    }
  }

  /**
   * Checks every stream's chain over $all in log order (chain-verifier.ts): one pass, keeping each
   * stream's last revision and hash. Events written before the chain was kept carry no hash and
   * are reported as changed.
   */
  override verifyChains(): Promise<LogVerification> {
    return verifyChainsInLogOrder(this.chainedLog());
  }

  private async *chainedLog(): AsyncGenerator<ChainedEvent> {
    for await (const event of this.scanAll(null, 1000)) yield toChained(event);
  }

  override subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = new EsdbSubscription(
      (after) =>
        this.client.subscribeToAll({
          fromPosition: after ? { commit: after.commit, prepare: after.prepare } : START,
          filter: excludeSystemEvents(),
        }),
      options,
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    subscription.start();
    return subscription;
  }

  override async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    if (this.ownsClient) await this.client.dispose();
  }
}

/** The pause before resubscribing after the n-th drop in a row: 100 ms, doubling, at most 5 s. */
const resubscribeDelayMs = (drops: number) => Math.min(100 * 2 ** drops, 5000);

/**
 * EventStoreDB's catch-up subscription (it catches up, then goes live by itself), consumed one
 * event at a time. A dropped subscription (server restarted, connection lost) is reported to
 * onError and opened again after a pause, strictly after the last delivered event, as the
 * PostgreSQL adapter retries a failing read. A failing onEvent is reported to onError and ends it.
 */
class EsdbSubscription implements Subscription {
  private stopped = false;
  private source: AllStreamSubscription | null = null;
  private readonly stopping = new AbortController();
  private loop: Promise<void> = Promise.resolve();

  constructor(
    private readonly open: (after: LogPosition | null) => AllStreamSubscription,
    private readonly options: SubscribeOptions,
    private readonly onEnd: () => void,
  ) {}

  start(): void {
    this.loop = this.run().finally(this.onEnd);
  }

  private async run(): Promise<void> {
    let last: LogPosition | null = this.options.after;
    let drops = 0;
    while (!this.stopped) {
      const source = this.open(last);
      this.source = source;
      try {
        for await (const resolved of source as AsyncIterable<AllStreamResolvedEvent>) {
          if (this.stopped) break;
          const event = resolved.event;
          if (!event || isSystem(event) || !event.isJson) continue;
          // Guard against a redelivery at or before the starting or last delivered position.
          if (last && comparePositions(event.position, last) <= 0) continue;
          drops = 0;
          try {
            await this.options.onEvent(toRecorded(event));
          } catch (error) {
            this.stopped = true;
            this.options.onError?.(error);
            break;
          }
          last = event.position;
          if (this.stopped) break;
        }
      } catch (error) {
        if (!this.stopped) this.options.onError?.(error);
      } finally {
        await source.unsubscribe().catch(() => undefined);
      }
      if (!this.stopped) {
        // stop() aborts the pause.
        await sleep(resubscribeDelayMs(drops++), undefined, { signal: this.stopping.signal }).catch(
          () => undefined,
        );
      }
    }
  }

  /** Resolves once the current onEvent (if any) has finished; do not await it inside onEvent. */
  async stop(): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      this.stopping.abort();
      await this.source?.unsubscribe().catch(() => undefined);
    }
    await this.loop;
  }
}
