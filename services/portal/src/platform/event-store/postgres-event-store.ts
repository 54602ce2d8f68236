/*
 * Over 350 lines on purpose: append (with its hash chain), reads and subscriptions share the
 * gap-safe snapshot rules of the log; kept in one file so those rules stay in one place.
 */
import type { LogVerification } from '@portal/contracts';
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { Database } from '../database/database';
import { EVENTS_CHANNEL, notificationsOf, type Notifications } from '../database/notifications';
import { EventIdConflictError } from './event-id-conflict.error';
import { assertAppendable } from './append-checks';
import { verifyEventChains } from './chain-verifier';
import { eventHash } from './event-hash';
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
  /**
   * How often a caught-up subscription reads the log when no wake-up came, while notifications
   * cannot be trusted (none configured, or the LISTEN connection is down). Default 1000 ms.
   */
  readonly pollIntervalMs?: number;
  /** The same while NOTIFY wake-ups arrive: only a safety net for a lost one. Default 30,000 ms. */
  readonly notifiedPollIntervalMs?: number;
  /** Events read per batch while catching up. Default 500. */
  readonly batchSize?: number;
  /**
   * Where cross-process wake-ups come from (LISTEN on `portal_events`); by default the
   * notifications of the handle `db` was opened with (see openDatabase), null for none.
   */
  readonly notifications?: Notifications | null;
}

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
  private readonly batchSize: number;
  /** 'appended' with the committing transaction id (null when unknown): in-process appends and NOTIFYs. */
  private readonly appended = new EventEmitter();
  private readonly subscriptions = new Set<LogSubscription>();
  private readonly notifications: Notifications | undefined;
  private unlisten: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly options: PostgresEventStoreOptions = {},
  ) {
    super();
    this.batchSize = options.batchSize ?? 500;
    this.notifications =
      options.notifications === null ? undefined : (options.notifications ?? notificationsOf(db));
    this.appended.setMaxListeners(0);
  }

  override async append(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    assertAppendable(streamId, events);

    for (let attempt = 0; ; attempt++) {
      try {
        if (this.db.isTransaction) {
          // Not committed yet: the NOTIFY sent with the insert wakes subscribers at commit.
          return await this.appendIn(this.db, streamId, events, expected);
        }
        const result = await this.db
          .transaction()
          .execute((trx) => this.appendIn(trx, streamId, events, expected));
        this.appended.emit('appended', result.position.commit);
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

    const head = await this.streamHead(db, streamId);
    const current = head.revision;
    const matches =
      expected === 'any' ||
      (expected === 'no_stream' ? current === 'no_stream' : current !== 'no_stream' && current === expected);
    if (!matches) {
      // The same append, run alongside, may have committed between the look-up above and the
      // head's (each statement sees what is committed when it starts): answer as it did.
      const storedMeanwhile = await this.findStored(db, streamId, events);
      if (storedMeanwhile) return storedMeanwhile;
      throw new WrongExpectedRevisionError(streamId, expected, current);
    }

    const first = current === 'no_stream' ? 0n : current + 1n;
    // Each event's hash covers its content and its predecessor's hash (docs/events.md "Hash chain").
    let previousHash = head.hash;
    const values = sql.join(
      events.map((e, i) => {
        const revision = first + BigInt(i);
        const data = JSON.stringify(e.data ?? null);
        const metadata = JSON.stringify(e.metadata);
        const hash = eventHash({
          streamId,
          revision,
          eventId: e.id,
          type: e.type,
          data: JSON.parse(data) as unknown,
          metadata: JSON.parse(metadata) as unknown,
          previousHash,
        });
        const link = previousHash;
        previousHash = hash;
        return sql`(${e.id}::uuid, ${streamId}::text, ${revision.toString()}::bigint, ${e.type}::text,
               ${data}::text::jsonb, ${metadata}::text::jsonb, ${hash}::text, ${link}::text)`;
      }),
    );
    let rows: { position: string; transaction_id: string }[];
    try {
      // The NOTIFY (payload: this transaction's id) is delivered at commit, in the same round trip.
      ({ rows } = await sql<{ position: string; transaction_id: string }>`
        with inserted as (
          insert into events (event_id, stream_id, revision, type, data, metadata, hash, previous_hash)
          values ${values}
          returning position, transaction_id),
        notified as (select pg_notify(${EVENTS_CHANNEL}, pg_current_xact_id()::text))
        select inserted.position::text as position, inserted.transaction_id::text as transaction_id
        from inserted, notified`.execute(db));
    } catch (error) {
      // Inside the caller's transaction nothing can be re-checked (it is aborted): a concurrent
      // append took the revision (or an id) first.
      if (this.db.isTransaction && isUniqueViolation(error)) {
        throw new WrongExpectedRevisionError(streamId, expected, current);
      }
      throw error;
    }
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

  /** The stream's last revision and that event's hash (null hash: an empty stream). */
  private async streamHead(
    db: Database,
    streamId: string,
  ): Promise<{ revision: bigint | 'no_stream'; hash: string | null }> {
    const { rows } = await sql<{ revision: string; hash: string | null }>`
      select revision::text as revision, hash from events
      where stream_id = ${streamId} order by events.revision desc limit 1`.execute(db);
    const row = rows[0];
    return row ? { revision: BigInt(row.revision), hash: row.hash } : { revision: 'no_stream', hash: null };
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

  override async readStreams(streamIds: readonly string[], occurredUpTo?: string): Promise<RecordedEvent[]> {
    if (streamIds.length === 0) return [];
    // Filtered here, not after parsing: a past instant early in a period leaves most of its
    // events unread. `occurredAt` is an ISO-8601 instant, so the cast compares as Date.parse does.
    const upTo =
      occurredUpTo === undefined
        ? sql``
        : sql`and (metadata->>'occurredAt')::timestamptz <= ${new Date(occurredUpTo).toISOString()}::timestamptz`;
    const { rows } = await sql<EventRow>`
      select ${selectEventColumns}
      from events
      where stream_id = any(${[...new Set(streamIds)]}::text[]) ${upTo}
      order by events.transaction_id, events.position`.execute(this.db);
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

  /** The chain check in SQL, by keyset pages in (stream, revision) order (chain-verifier.ts). */
  override verifyChains(): Promise<LogVerification> {
    return verifyEventChains(this.db);
  }

  override async headPosition(): Promise<LogPosition | null> {
    const { rows } = await sql<{ commit: string; prepare: string }>`
      select transaction_id::text as commit, position::text as prepare from events
      order by transaction_id desc, position desc limit 1`.execute(this.db);
    return rows.length === 0 ? null : { commit: BigInt(rows[0].commit), prepare: BigInt(rows[0].prepare) };
  }

  override subscribeToAll(options: SubscribeOptions): Subscription {
    if (this.closed) throw new Error('The event store is closed');
    this.listenOnce();
    const subscription = new LogSubscription(options, {
      read: (after) => this.readAll(after, this.batchSize),
      head: () => this.newestTransaction(),
      batchSize: this.batchSize,
      idleWaitMs: () =>
        this.notifications?.healthy()
          ? (this.options.notifiedPollIntervalMs ?? 30_000)
          : (this.options.pollIntervalMs ?? 1000),
      appended: this.appended,
      onEnd: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    subscription.start();
    return subscription;
  }

  /** The newest transaction with events in the log, readable or not yet (null: the log is empty). */
  private async newestTransaction(): Promise<bigint | null> {
    const { rows } = await sql<{ transaction_id: string }>`
      select transaction_id::text as transaction_id from events
      order by transaction_id desc limit 1`.execute(this.db);
    return rows.length === 0 ? null : BigInt(rows[0].transaction_id);
  }

  /** Relays NOTIFYs on `portal_events` (from any process) to this store's subscriptions. */
  private listenOnce(): void {
    if (this.unlisten || !this.notifications) return;
    this.unlisten = this.notifications.listen(EVENTS_CHANNEL, {
      notify: (payload) => this.appended.emit('appended', transactionIdOf(payload)),
      resumed: () => this.appended.emit('appended', null),
    });
  }

  override async close(): Promise<void> {
    this.closed = true;
    this.unlisten?.();
    this.unlisten = null;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
  }
}

function transactionIdOf(payload: string): bigint | null {
  return /^\d+$/.test(payload) ? BigInt(payload) : null;
}

/**
 * A notified transaction not readable yet (an older transaction still open hides it) is read
 * again after 5, 10, 20, 40 ms, then every 50 ms for about 3 s, then every second; after this
 * many reads in all (about 15 s) the safety poll takes over.
 */
const UNREADABLE_RETRIES = 75;
const unreadableWaitMs = (retry: number) => (retry < 4 ? 5 * 2 ** retry : retry < 64 ? 50 : 1000);

interface LogSubscriptionDeps {
  readonly read: (after: LogPosition | null) => Promise<RecordedEvent[]>;
  /** The newest transaction in the log, readable or not (null when empty). */
  readonly head: () => Promise<bigint | null>;
  readonly batchSize: number;
  /** How long a caught-up subscription waits for a wake-up before reading anyway. */
  readonly idleWaitMs: () => number;
  /** Emits 'appended' with the appending transaction's id, or null when unknown. */
  readonly appended: EventEmitter;
  readonly onEnd: () => void;
}

/**
 * Catch-up by batches, then waits: woken by an append in this process or a NOTIFY from any
 * process, with a slow safety poll (`idleWaitMs`) for a wake-up that never came. One loop per
 * subscription: events are delivered one at a time, in log order, once.
 *
 * A wake-up names the appending transaction. Gap-safe reading hides it while an older
 * transaction is still open, so a notified transaction not yet read is read again with a short,
 * growing back-off, a bounded number of times; the safety poll covers anything later. A wake-up
 * for a transaction already delivered costs nothing.
 *
 * A failing read is reported to onError and retried after a pause. A failing onEvent is reported
 * to onError and ends the subscription (the subscriber resubscribes from its checkpoint).
 */
class LogSubscription implements Subscription {
  private stopped = false;
  private wake: (() => void) | null = null;
  /** A wake-up arrived since the last read started. */
  private pending = false;
  /** The newest notified transaction not delivered yet. */
  private announced: bigint | null = null;
  /**
   * Whether what the log holds beyond the last read is unknown: at the start and after a wake-up
   * that names no transaction (the listening connection came back). A short read then asks for
   * the newest transaction, so events that were hidden at that read are waited for like notified ones.
   */
  private headUnknown = true;
  private after: LogPosition | null;
  private loop: Promise<void> = Promise.resolve();
  private readonly onAppended = (commit: bigint | null) => {
    if (commit !== null && this.delivered(commit)) return;
    this.announce(commit);
    this.pending = true;
    this.wake?.();
  };

  constructor(
    private readonly options: SubscribeOptions,
    private readonly deps: LogSubscriptionDeps,
  ) {
    this.after = options.after;
  }

  start(): void {
    this.deps.appended.on('appended', this.onAppended);
    this.loop = this.run().finally(() => {
      this.deps.appended.off('appended', this.onAppended);
      this.deps.onEnd();
    });
  }

  private announce(commit: bigint | null): void {
    if (commit === null) this.headUnknown = true;
    else if (this.announced === null || commit > this.announced) this.announced = commit;
  }

  /** Whether transaction `commit`'s events were delivered: gap-safe reading never leaves one behind. */
  private delivered(commit: bigint): boolean {
    return this.after !== null && commit <= this.after.commit;
  }

  private async run(): Promise<void> {
    let failures = 0;
    let unreadable = 0;
    while (!this.stopped) {
      this.pending = false;
      let batch: RecordedEvent[];
      const headUnknown = this.headUnknown;
      this.headUnknown = false;
      try {
        batch = await this.deps.read(this.after);
        if (headUnknown && batch.length < this.deps.batchSize) this.announce(await this.deps.head());
        failures = 0;
      } catch (error) {
        if (headUnknown) this.headUnknown = true;
        this.options.onError?.(error);
        failures++;
        await this.pause(Math.min(5000, 50 * 2 ** failures));
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
        this.after = event.position;
      }
      if (batch.length >= this.deps.batchSize) continue;
      if (this.announced !== null && this.delivered(this.announced)) this.announced = null;
      if (this.announced === null) unreadable = 0;
      else if (unreadable < UNREADABLE_RETRIES) {
        await this.pause(unreadableWaitMs(unreadable++));
        continue;
      } else {
        // Still hidden by an older open transaction: the safety poll (or its NOTIFY) takes over.
        this.announced = null;
        unreadable = 0;
      }
      await this.pause(this.deps.idleWaitMs());
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
