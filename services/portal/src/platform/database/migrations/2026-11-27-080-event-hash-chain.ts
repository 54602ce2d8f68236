import { sql } from 'kysely';
import { hashOfRow, readChainPage, type ChainCursor } from '../../event-store/chain-verifier';
import type { Database } from '../database';

/** Rows hashed per round trip while backfilling (bounded memory on a log of any size). */
const PAGE = 1000;

/**
 * Tamper evidence: every event carries `hash` (sha256 over its stream, revision, id, type, data,
 * metadata and its predecessor's hash, see event-store/event-hash.ts) and `previous_hash`.
 * Existing rows are hashed here, stream by stream in revision order, by keyset pages.
 */
export async function up(db: Database): Promise<void> {
  await sql`alter table events add column hash text, add column previous_hash text`.execute(db);
  let after: ChainCursor | null = null;
  let previous: { stream: string; hash: string } | null = null;
  for (;;) {
    const rows = await readChainPage(db, after, PAGE);
    if (rows.length === 0) break;
    const hashed = rows.map((row) => {
      const previousHash = previous !== null && previous.stream === row.stream_id ? previous.hash : null;
      const hash = hashOfRow(row, previousHash);
      previous = { stream: row.stream_id, hash };
      return sql`(${row.event_id}::uuid, ${hash}::text, ${previousHash}::text)`;
    });
    await sql`update events set hash = v.hash, previous_hash = v.previous_hash
              from (values ${sql.join(hashed)}) as v(event_id, hash, previous_hash)
              where events.event_id = v.event_id`.execute(db);
    const last = rows[rows.length - 1];
    after = { stream: last.stream_id, revision: last.revision };
  }
  await sql`alter table events alter column hash set not null`.execute(db);
}

export async function down(db: Database): Promise<void> {
  await sql`alter table events drop column hash, drop column previous_hash`.execute(db);
}
