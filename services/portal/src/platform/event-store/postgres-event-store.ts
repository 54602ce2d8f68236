import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import { Client } from 'pg';
import type { Database } from '../database/database';
import { EventIdConflictError } from './event-id-conflict.error';
import {
  EventStore,
  WrongExpectedRevisionError,
  type AppendResult,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './event-store.port';

export interface PostgresEventStoreOptions {
  /** How often a caught-up subscription looks for new events (ms). Default 50. */
  readonly pollIntervalMs?: number;
  /** Events read per batch while catching up. Default 500. */
  readonly batchSize?: number;
  /**
   * PostgreSQL only (not PGlite): a connection string for a dedicated LISTEN connection, so a
   * subscription wakes as soon as another process appends. Polling still runs; this only shortens
   * the wait. Appends then also `pg_notify` on commit.
   */
  readonly listenUrl?: string;
}

const NOTIFY_CHANNEL = 'portal_events';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Appends with expected revision 'any' that lose a race for the next revision try again. */
const ANY_RETRIES = 5;

interface EventRow {
  position: string;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  revision: string;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

interface StoredIdRow {
  event_id: string;
  stream_id: string;
  revision: string;
  position: string;
  transaction_id: string;
}

const selectEventColumns = sql`
  position::text as position,
  transaction_id::text as transaction_id,
  event_id::text as event_id,
  stream_id,
  revision::text as revision,
  type,
  data::text as data,
  metadata::text as metadata,
  to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as recorded_at`;

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
    position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.position) },
    recordedAt: row.recorded_at,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * The event log in PostgreSQL (or PGlite): the `events` table of the platform migration.
 *
 * Gap-safe reading: a row's global position is (transaction id, sequence). Readers see only rows
 * whose transaction id is below the oldest transaction still running
 * (`pg_snapshot_xmin(pg_current_snapshot())`), so a transaction that took a lower sequence number
 * but commits later can never be skipped by a reader that already moved past a later one.
 *
 * When built over a Kysely transaction (`db.isTransaction`), appends join that transaction instead
 * of opening their own.
 */
export class PostgresEventStore extends EventStore {
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly appended = new EventEmitter();
  private readonly subscriptions = new Set<PollingSubscription>();
  private listener: Client | null = null;
  private listenerStarting: Promise<void> | null = null;
  private listenerRetryAt = 0;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly options: PostgresEventStoreOptions = {},
  ) {
    super();
    this.pollIntervalMs = options.pollIntervalMs ?? 50;
    this.batchSize = options.batchSize ?? 500;
    this.appended.setMaxListeners(0);
  }

  override async append(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`Append to ${streamId} needs at least one event`);
    for (const event of events) {
      if (!UUID.test(event.id)) throw new TypeError(`Event id ${event.id} is not a UUID`);
    }
    if (new Set(events.map((e) => e.id.toLowerCase())).size !== events.length) {
      throw new EventIdConflictError(
        streamId,
        events.map((e) => e.id),
      );
    }

    for (let attempt = 0; ; attempt++) {
      try {
        const result = this.db.isTransaction
          ? await this.appendIn(this.db, streamId, events, expected)
          : await this.db.transaction().execute((trx) => this.appendIn(trx, streamId, events, expected));
        this.appended.emit('appended');
        return result;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A concurrent append won the race for a revision or an event id. If it was this very
        // append (a retry running alongside the original), answer as the original did.
        const stored = await this.findStored(this.db, streamId, events);
        if (stored) return stored;
        if (expected === 'any' && attempt < ANY_RETRIES) continue;
        throw new WrongExpectedRevisionError(
          streamId,
          expected,
          await this.currentRevision(this.db, streamId),
        );
      }
    }
  }

  private async appendIn(
    db: Database,
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const stored = await this.findStored(db, streamId, events);
    if (stored) return stored;

    const current = await this.currentRevision(db, streamId);
    const matches =
      expected === 'any' ||
      (expected === 'no_stream' ? current === 'no_stream' : current !== 'no_stream' && current === expected);
    if (!matches) throw new WrongExpectedRevisionError(streamId, expected, current);

    const first = current === 'no_stream' ? 0n : current + 1n;
    const values = sql.join(
      events.map(
        (e, i) =>
          sql`(${e.id}::uuid, ${streamId}::text, ${(first + BigInt(i)).toString()}::bigint, ${e.type}::text,
               ${JSON.stringify(e.data ?? null)}::text::jsonb, ${JSON.stringify(e.metadata)}::text::jsonb)`,
      ),
    );
    let rows: { position: string; transaction_id: string }[];
    try {
      ({ rows } = await sql<{ position: string; transaction_id: string }>`
        insert into events (event_id, stream_id, revision, type, data, metadata)
        values ${values}
        returning position::text as position, transaction_id::text as transaction_id`.execute(db));
    } catch (error) {
      // Inside the caller's transaction nothing can be re-checked (it is aborted): a concurrent
      // append took the revision (or an id) first.
      if (this.db.isTransaction && isUniqueViolation(error)) {
        throw new WrongExpectedRevisionError(streamId, expected, current);
      }
      throw error;
    }
    if (this.options.listenUrl) await sql`select pg_notify(${NOTIFY_CHANNEL}, '')`.execute(db);
    const last = rows.reduce((a, b) => (BigInt(a.position) > BigInt(b.position) ? a : b));
    return {
      nextExpectedRevision: first + BigInt(events.length) - 1n,
      position: { commit: BigInt(last.transaction_id), prepare: BigInt(last.position) },
    };
  }

  /**
   * Idempotency: null when none of the ids is stored; the original result when all of them are
   * stored in this stream, consecutively and in this order (a retry of the same append); otherwise
   * (partial overlap, another stream, another order) an EventIdConflictError.
   */
  private async findStored(
    db: Database,
    streamId: string,
    events: readonly NewEvent[],
  ): Promise<AppendResult | null> {
    const ids = events.map((e) => e.id.toLowerCase());
    const { rows } = await sql<StoredIdRow>`
      select event_id::text as event_id, stream_id, revision::text as revision,
             position::text as position, transaction_id::text as transaction_id
      from events
      where event_id in (${sql.join(ids.map((id) => sql`${id}::uuid`))})`.execute(db);
    if (rows.length === 0) return null;
    const byId = new Map(rows.map((r) => [r.event_id, r]));
    const inOrder = ids.map((id) => byId.get(id));
    const first = inOrder[0];
    const sameAppend =
      first !== undefined &&
      inOrder.every(
        (row, i) =>
          row !== undefined &&
          row.stream_id === streamId &&
          BigInt(row.revision) === BigInt(first.revision) + BigInt(i),
      );
    if (!sameAppend) {
      throw new EventIdConflictError(
        streamId,
        rows.map((r) => r.event_id),
      );
    }
    const last = inOrder[inOrder.length - 1] as StoredIdRow;
    return {
      nextExpectedRevision: BigInt(last.revision),
      position: { commit: BigInt(last.transaction_id), prepare: BigInt(last.position) },
    };
  }

  private async currentRevision(db: Database, streamId: string): Promise<bigint | 'no_stream'> {
    const { rows } = await sql<{ revision: string | null }>`
      select max(revision)::text as revision from events where stream_id = ${streamId}`.execute(db);
    const revision = rows[0]?.revision;
    return revision === null || revision === undefined ? 'no_stream' : BigInt(revision);
  }

  override async readStream(streamId: string, fromRevision = 0n): Promise<RecordedEvent[]> {
    const { rows } = await sql<EventRow>`
      select ${selectEventColumns}
      from events
      where stream_id = ${streamId} and revision >= ${fromRevision.toString()}::bigint
      order by events.revision`.execute(this.db);
    return rows.map(toRecorded);
  }

  override async readAll(after: LogPosition | null, maxCount: number): Promise<RecordedEvent[]> {
    if (maxCount <= 0) return [];
    const afterClause = after
      ? sql`and (transaction_id, position) > (${after.commit.toString()}::text::xid8, ${after.prepare.toString()}::bigint)`
      : sql``;
    const { rows } = await sql<EventRow>`
      select ${selectEventColumns}
      from events
      where transaction_id < pg_snapshot_xmin(pg_current_snapshot()) ${afterClause}
      order by events.transaction_id, events.position
      limit ${Math.floor(maxCount)}`.execute(this.db);
    return rows.map(toRecorded);
  }

  override subscribeToAll(options: SubscribeOptions): Subscription {
    if (this.closed) throw new Error('The event store is closed');
    const subscription = new PollingSubscription(
      options,
      (after) => this.readAll(after, this.batchSize),
      this.batchSize,
      this.pollIntervalMs,
      this.appended,
      () => this.ensureListener(),
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    subscription.start();
    return subscription;
  }

  /** Starts (or restarts after a failure, at most every 5 s) the LISTEN connection, if configured. */
  private async ensureListener(): Promise<void> {
    const url = this.options.listenUrl;
    if (!url || this.listener || this.closed || Date.now() < this.listenerRetryAt) return;
    if (this.listenerStarting) return this.listenerStarting;
    this.listenerRetryAt = Date.now() + 5000;
    this.listenerStarting = (async () => {
      const client = new Client({ connectionString: url });
      const drop = () => {
        if (this.listener === client) this.listener = null;
        client.end().catch(() => undefined);
      };
      client.on('error', drop);
      client.on('end', drop);
      client.on('notification', () => this.appended.emit('appended'));
      try {
        await client.connect();
        await client.query(`listen ${NOTIFY_CHANNEL}`);
        if (this.closed) await client.end();
        else this.listener = client;
      } catch {
        // Polling carries on; the next subscription tick tries again later.
        drop();
      }
    })().finally(() => {
      this.listenerStarting = null;
    });
    return this.listenerStarting;
  }

  override async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.listenerStarting;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }
}

/**
 * Catch-up by batches, then polling, woken early by appends in this process (and by NOTIFY when
 * configured). One loop per subscription: events are delivered one at a time, in log order, once.
 *
 * A failing read is reported to onError and retried after a pause. A failing onEvent is reported
 * to onError and ends the subscription (the subscriber resubscribes from its checkpoint).
 */
class PollingSubscription implements Subscription {
  private stopped = false;
  private wake: (() => void) | null = null;
  private pending = false;
  private loop: Promise<void> = Promise.resolve();
  private readonly onAppended = () => {
    this.pending = true;
    this.wake?.();
  };

  constructor(
    private readonly options: SubscribeOptions,
    private readonly read: (after: LogPosition | null) => Promise<RecordedEvent[]>,
    private readonly batchSize: number,
    private readonly pollIntervalMs: number,
    private readonly appended: EventEmitter,
    private readonly beforeWait: () => Promise<void>,
    private readonly onEnd: () => void,
  ) {}

  start(): void {
    this.appended.on('appended', this.onAppended);
    this.loop = this.run().finally(() => {
      this.appended.off('appended', this.onAppended);
      this.onEnd();
    });
  }

  private async run(): Promise<void> {
    let after = this.options.after;
    let failures = 0;
    while (!this.stopped) {
      this.pending = false;
      let batch: RecordedEvent[];
      try {
        batch = await this.read(after);
        failures = 0;
      } catch (error) {
        this.options.onError?.(error);
        failures++;
        await this.pause(Math.min(5000, this.pollIntervalMs * 2 ** failures));
        continue;
      }
      for (const event of batch) {
        if (this.stopped) return;
        try {
          await this.options.onEvent(event);
        } catch (error) {
          this.stopped = true;
          this.options.onError?.(error);
          return;
        }
        after = event.position;
      }
      if (batch.length < this.batchSize && !this.pending) {
        await this.beforeWait().catch(() => undefined);
        await this.pause(this.pollIntervalMs);
      }
    }
  }

  private pause(ms: number): Promise<void> {
    if (this.stopped || this.pending) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  /** Resolves once the current onEvent (if any) has finished; do not await it inside onEvent. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }
}
