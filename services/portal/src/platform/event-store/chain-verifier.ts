import type { BrokenLink, LogVerification } from '@portal/contracts';
import { sql } from 'kysely';
import type { Database } from '../database/database';
import { eventHash } from './event-hash';

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
  return eventHash({
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    eventId: row.event_id,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as unknown,
    previousHash,
  });
}

/** Events read per round trip (memory stays bounded by one page whatever the log's size). */
const PAGE = 1000;

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
  let previous: { stream: string; revision: bigint; hash: string | null } | null = null;
  for (;;) {
    const rows = await readChainPage(db, after, pageSize);
    if (rows.length === 0) return { ok: true, checkedEvents: checked, firstBroken: null };
    for (const row of rows) {
      const broken = checkRow(row, previous?.stream === row.stream_id ? previous : null);
      if (broken) return { ok: false, checkedEvents: checked, firstBroken: broken };
      checked++;
      previous = { stream: row.stream_id, revision: BigInt(row.revision), hash: row.hash };
    }
    const last = rows[rows.length - 1];
    after = { stream: last.stream_id, revision: last.revision };
  }
}

function checkRow(
  row: ChainRow,
  previous: { revision: bigint; hash: string | null } | null,
): BrokenLink | null {
  const revision = BigInt(row.revision);
  const expected = previous ? previous.revision + 1n : 0n;
  if (revision !== expected) {
    return {
      streamId: row.stream_id,
      revision: expected.toString(),
      eventId: null,
      problem: 'missing-revision',
      description:
        `Stream ${row.stream_id}: revision ${expected} is missing ` +
        `(the next event found is revision ${revision}, id ${row.event_id}).`,
    };
  }
  if (row.hash !== hashOfRow(row, row.previous_hash)) {
    return brokenAt(row, 'content-changed', 'its content no longer matches its hash.');
  }
  if (row.previous_hash !== (previous ? previous.hash : null)) {
    return brokenAt(row, 'link-broken', 'it does not link to the hash of the event before it.');
  }
  return null;
}

function brokenAt(row: ChainRow, problem: 'content-changed' | 'link-broken', what: string): BrokenLink {
  return {
    streamId: row.stream_id,
    revision: row.revision,
    eventId: row.event_id,
    problem,
    description: `Stream ${row.stream_id}, revision ${row.revision} (event ${row.event_id}): ${what}`,
  };
}
