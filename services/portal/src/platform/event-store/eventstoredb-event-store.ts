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
import { setTimeout as sleep } from 'node:timers/promises';
import { EventIdConflictError } from './event-id-conflict.error';
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

function toRecorded(event: EsdbRecorded, commitPosition?: bigint): RecordedEvent {
  return {
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    type: event.type,
    data: event.data as unknown,
    metadata: event.metadata as unknown as EventMetadata,
    position: positionOf(event, commitPosition),
    recordedAt: event.created.toISOString(),
  };
}

function toEsdbRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  return expected;
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
    if (events.length === 0) throw new RangeError(`Append to ${streamId} needs at least one event`);
    if (new Set(events.map((e) => e.id.toLowerCase())).size !== events.length) {
      throw new EventIdConflictError(
        streamId,
        events.map((e) => e.id),
      );
    }
    const stored = await this.findStored(streamId, events);
    if (stored) return stored;

    let nextExpectedRevision: bigint;
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) =>
          jsonEvent({
            id: e.id,
            type: e.type,
            data: (e.data ?? null) as JSONType,
            metadata: e.metadata as unknown as JSONType,
          }),
        ),
        { expectedRevision: toEsdbRevision(expected) },
      );
      nextExpectedRevision = result.nextExpectedRevision;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // A concurrent duplicate of this very append may have won: answer as it did.
      const again = await this.findStored(streamId, events);
      if (again) return again;
      const actual = error.actualVersion;
      throw new WrongExpectedRevisionError(streamId, expected, actual === NO_STREAM ? 'no_stream' : actual);
    }
    // The position of the last appended event exactly as readAll reports it (waiters compare it).
    const [last] = await this.read(streamId, { fromRevision: nextExpectedRevision, maxCount: 1 });
    if (!last)
      throw new Error(`Event ${nextExpectedRevision} of ${streamId} is missing right after its append`);
    return { nextExpectedRevision, position: last.position };
  }

  /** Same rule as the PostgreSQL adapter: all ids stored consecutively in order -> original result. */
  private async findStored(streamId: string, events: readonly NewEvent[]): Promise<AppendResult | null> {
    const ids = events.map((e) => e.id.toLowerCase());
    const wanted = new Set(ids);
    const found = new Map<string, RecordedEvent>();
    const recent = await this.read(streamId, {
      fromRevision: 'end',
      maxCount: this.idempotencyWindow,
      direction: BACKWARDS,
    });
    for (const event of recent) {
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
  ): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      const stream = this.client.readStream(streamId, {
        fromRevision: options.fromRevision,
        maxCount: options.maxCount,
        direction: options.direction ?? FORWARDS,
      });
      for await (const resolved of stream) {
        if (resolved.event && resolved.event.isJson)
          out.push(toRecorded(resolved.event, resolved.commitPosition));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  override readStream(streamId: string, fromRevision = 0n): Promise<RecordedEvent[]> {
    return this.read(streamId, { fromRevision: fromRevision === 0n ? START : fromRevision });
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
    // readAll starts at (and includes) the given position and cannot filter on the server, so
    // read pages and skip system events and everything at or before `after`.
    let cursor: LogPosition | null = after;
    while (out.length < maxCount) {
      const pageSize = Math.max(maxCount - out.length + 1, 100);
      let seen = 0;
      let last: LogPosition | null = null;
      const page = this.client.readAll({
        fromPosition: cursor ? { commit: cursor.commit, prepare: cursor.prepare } : START,
        maxCount: pageSize,
        direction: FORWARDS,
      });
      for await (const resolved of page) {
        seen++;
        const event = resolved.event;
        if (!event) continue;
        const position: LogPosition = event.position;
        last = position;
        if (cursor && comparePositions(position, cursor) <= 0) continue;
        if (isSystem(event) || !event.isJson || out.length >= maxCount) continue;
        // No early break: the (bounded) page is read to its end, as in headPosition.
        out.push(toRecorded(event));
      }
      if (out.length >= maxCount || seen < pageSize || !last) break;
      if (cursor && comparePositions(last, cursor) <= 0) break;
      cursor = last;
    }
    return out;
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
