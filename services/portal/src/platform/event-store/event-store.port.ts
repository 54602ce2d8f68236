import type { LogVerification } from '@portal/contracts';

/**
 * The EventStore port. Two adapters implement it (PostgreSQL, EventStoreDB) and both
 * run the same contract suite (event-store.contract.ts).
 *
 * Stream revisions start at 0 (the first event of a stream has revision 0), as in EventStoreDB.
 * A position in the global log is a pair, compared as (commit, prepare): for PostgreSQL the
 * committing transaction id and the row's sequence number; for EventStoreDB its own pair.
 */
export interface LogPosition {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export interface Actor {
  readonly id: string;
  readonly name: string;
}

/** Metadata every event carries; auditors depend on it. */
export interface EventMetadata {
  readonly actor: Actor;
  readonly occurredAt: string; // ISO-8601 instant, UTC
  readonly correlationId: string;
  readonly causationId: string | null;
  readonly commandId: string;
  readonly schemaVersion: number;
  /** W3C trace context of the span that appended it, when the portal is traced (platform/telemetry). */
  readonly traceparent?: string;
}

export interface NewEvent<TType extends string = string, TData = unknown> {
  /** Deterministic (derived from the command id) so that a retried command appends nothing twice. */
  readonly id: string;
  readonly type: TType;
  readonly data: TData;
  readonly metadata: EventMetadata;
}

export interface RecordedEvent<TType extends string = string, TData = unknown> extends NewEvent<
  TType,
  TData
> {
  readonly streamId: string;
  readonly revision: bigint;
  readonly position: LogPosition;
  readonly recordedAt: string;
}

/** 'any': no check; 'no_stream': the stream must not exist; bigint: the revision of the stream's last event. */
export type ExpectedRevision = 'any' | 'no_stream' | bigint;

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  readonly nextExpectedRevision: bigint;
  /** Position of the last appended event in the global log. */
  readonly position: LogPosition;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this position; null = from the start of the log. */
  readonly after: LogPosition | null;
  /** Called in log order, one at a time; the subscription awaits it before delivering the next. */
  readonly onEvent: (event: RecordedEvent) => Promise<void>;
  readonly onError?: (error: unknown) => void;
}

export abstract class EventStore {
  abstract append(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult>;
  /** The stream's events from a revision onwards (inclusive); [] for a stream that does not exist. */
  abstract readStream(streamId: string, fromRevision?: bigint): Promise<RecordedEvent[]>;
  /** Up to maxCount events strictly after `after` (null = from the start), in log order. */
  abstract readAll(after: LogPosition | null, maxCount: number): Promise<RecordedEvent[]>;
  /**
   * Every event of the given streams, in log order (the as-of views replay them); with
   * `occurredUpTo` (an ISO-8601 instant) only those whose `metadata.occurredAt` is at or before it.
   * This default reads stream by stream, filters and merges; an adapter may answer in one round
   * trip and filter where the events are.
   */
  async readStreams(streamIds: readonly string[], occurredUpTo?: string): Promise<RecordedEvent[]> {
    const streams = await Promise.all([...new Set(streamIds)].map((id) => this.readStream(id)));
    const events = streams.flat().sort((a, b) => comparePositions(a.position, b.position));
    if (occurredUpTo === undefined) return events;
    const upTo = Date.parse(occurredUpTo);
    return events.filter((event) => Date.parse(event.metadata.occurredAt) <= upTo);
  }
  /** Where the newest committed event of the log stands; null for an empty log. */
  abstract headPosition(): Promise<LogPosition | null>;
  /**
   * Checks every stream's hash chain (docs/events.md "Hash chain") and names the first broken
   * link. Both adapters keep the chain; this default is for a store that keeps none.
   */
  verifyChains(): Promise<LogVerification> {
    return Promise.reject(new Error('This event store keeps no hash chain'));
  }
  /** Catch up from `after`, then follow live appends. */
  abstract subscribeToAll(options: SubscribeOptions): Subscription;
  abstract close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId} expected revision ${String(expected)} but is at ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export function comparePositions(a: LogPosition, b: LogPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** "commit/prepare": how a position travels in headers, JSON and checkpoints. */
export function formatPosition(p: LogPosition): string {
  return `${p.commit}/${p.prepare}`;
}
