import type { BrokenLink, LogVerification } from '@portal/contracts';
import { sql } from 'kysely';
import type { Database } from '../database/database';
import { eventHash, type HashedEventContent } from './event-hash';

/** The answer of a whole-log check (the shape GET /api/audit/verify answers). */
export type ChainReport = LogVerification;

/** An event as its chain is checked: text columns exactly as stored. */
export interface ChainRow {
  readonly stream_id: string;
  readonly revision: string;
  readonly event_id: string;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
  readonly hash: string | null;
  readonly previous_hash: string | null;
}

/** Where a keyset page starts: strictly after this stream and revision (null: the log's start). */
export interface ChainCursor {
  readonly stream: string;
  readonly revision: string;
}

/** One page of the log in (stream, revision) order, after `after`. */
export async function readChainPage(
  db: Database,
  after: ChainCursor | null,
  pageSize: number,
): Promise<ChainRow[]> {
  const where = after
    ? sql`where (stream_id, revision) > (${after.stream}::text, ${after.revision}::bigint)`
    : sql``;
  const { rows } = await sql<ChainRow>`
    select stream_id, revision::text as revision, event_id::text as event_id, type,
           data::text as data, metadata::text as metadata, hash, previous_hash
    from events ${where} order by events.stream_id, events.revision limit ${pageSize}`.execute(db);
  return rows;
}

/** The hash a row should carry, given the previous hash it names. */
export function hashOfRow(row: ChainRow, previousHash: string | null): string {
  return eventHash({ ...chainedOfRow(row), previousHash });
}

/** Events read per round trip (memory stays bounded by one page whatever the log's size). */
const PAGE = 1000;

/** An event as any store gives it to the chain check: its hashed content and its own hash. */
export interface ChainedEvent extends HashedEventContent {
  readonly hash: string | null;
}

/** A stream's last checked event: all the check keeps of a stream. */
interface ChainTip {
  readonly revision: bigint;
  readonly hash: string | null;
}

function chainedOfRow(row: ChainRow): ChainedEvent {
  return {
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    eventId: row.event_id,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as unknown,
    hash: row.hash,
    previousHash: row.previous_hash,
  };
}

/**
 * Checks the hash chain of every stream of the PostgreSQL `events` table (migration 080): reads
 * the whole log by keyset pages in (stream, revision) order and stops at the first broken link:
 * - content-changed: the stored hash is not the hash of the row's content and `previous_hash`
 *   (a value was edited in place);
 * - link-broken: `previous_hash` is not the stored hash of the stream's previous event (a
 *   predecessor was edited and re-hashed, or rows were swapped);
 * - missing-revision: a revision is absent (a row was deleted).
 * A stream's newest events deleted together leave no trace inside that stream: the chain proves
 * nothing was changed or removed before a stream's last remaining event (docs/events.md).
 */
export async function verifyEventChains(db: Database, pageSize = PAGE): Promise<ChainReport> {
  let checked = 0;
  let after: ChainCursor | null = null;
  let previous: { stream: string; tip: ChainTip } | null = null;
  for (;;) {
    const rows = await readChainPage(db, after, pageSize);
    if (rows.length === 0) return { ok: true, checkedEvents: checked, firstBroken: null };
    for (const row of rows) {
      const event = chainedOfRow(row);
      const broken = checkLink(event, previous?.stream === row.stream_id ? previous.tip : null);
      if (broken) return { ok: false, checkedEvents: checked, firstBroken: broken };
      checked++;
      previous = { stream: row.stream_id, tip: { revision: event.revision, hash: row.hash } };
    }
    const last = rows[rows.length - 1];
    after = { stream: last.stream_id, revision: last.revision };
  }
}

/**
 * The same check over a log read in log order (as EventStoreDB's $all gives it), whatever the
 * store: streams interleave there, so each stream's last revision and hash is kept in a map (memory
 * bounded by the number of streams, not of events). Each stream's events come in revision order,
 * so the three problems are found as in `verifyEventChains`; the first broken link named is the
 * first in log order (the SQL check names the first in stream order).
 */
export async function verifyChainsInLogOrder(events: AsyncIterable<ChainedEvent>): Promise<ChainReport> {
  let checked = 0;
  const tips = new Map<string, ChainTip>();
  for await (const event of events) {
    const broken = checkLink(event, tips.get(event.streamId) ?? null);
    if (broken) return { ok: false, checkedEvents: checked, firstBroken: broken };
    checked++;
    tips.set(event.streamId, { revision: event.revision, hash: event.hash });
  }
  return { ok: true, checkedEvents: checked, firstBroken: null };
}

function checkLink(event: ChainedEvent, previous: ChainTip | null): BrokenLink | null {
  const expected = previous ? previous.revision + 1n : 0n;
  if (event.revision !== expected) {
    return {
      streamId: event.streamId,
      revision: expected.toString(),
      eventId: null,
      problem: 'missing-revision',
      description:
        `Stream ${event.streamId}: revision ${expected} is missing ` +
        `(the next event found is revision ${event.revision}, id ${event.eventId}).`,
    };
  }
  if (event.hash !== eventHash(event)) {
    return brokenAt(event, 'content-changed', 'its content no longer matches its hash.');
  }
  if (event.previousHash !== (previous ? previous.hash : null)) {
    return brokenAt(event, 'link-broken', 'it does not link to the hash of the event before it.');
  }
  return null;
}

function brokenAt(event: ChainedEvent, problem: 'content-changed' | 'link-broken', what: string): BrokenLink {
  return {
    streamId: event.streamId,
    revision: event.revision.toString(),
    eventId: event.eventId,
    problem,
    description: `Stream ${event.streamId}, revision ${event.revision} (event ${event.eventId}): ${what}`,
  };
}
