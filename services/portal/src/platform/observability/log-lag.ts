import { sql } from 'kysely';
import type { Database } from '../database/database';
import type { EventStore, LogPosition } from '../event-store/event-store.port';
import { formatPosition } from '../event-store/event-store.port';
import { beingBuilt, readCheckpoints } from '../projection/checkpoints';

/** Lag is counted up to this many events: past it, "at least this far behind" is all that matters. */
export const LAG_COUNT_LIMIT = 10_000;

/**
 * How many events of the log each checkpoint (a projection's name, or `reactor:{name}`) has not
 * passed yet, counted up to LAG_COUNT_LIMIT. A checkpoint not written yet is behind the whole log.
 * With the events in the portal's database (PostgreSQL or the embedded PGlite) it is one counting
 * query per distinct checkpoint position; with EventStoreDB the events after it are read.
 */
export async function eventsBehind(
  db: Database,
  store: EventStore,
  eventsInDatabase: boolean,
  names: readonly string[],
  /**
   * Projections (name and the version this code builds) to leave out while they are rebuilt
   * beside their live tables (record 0279): the live checkpoint is of another version and stands
   * still until the swap. A projection with no checkpoint at all (its first build: no live tables
   * yet) is still counted.
   */
  exceptRebuilding: readonly { readonly name: string; readonly version: number }[] = [],
): Promise<Map<string, number>> {
  const checkpoints = await readCheckpoints(db, names);
  const rebuilding = new Set(
    beingBuilt(exceptRebuilding, checkpoints).filter((name) => checkpoints.some((c) => c.name === name)),
  );
  names = names.filter((name) => !rebuilding.has(name));
  const positionOf = new Map(checkpoints.map((c) => [c.name, c.position]));
  const counted = new Map<string, Promise<number>>();
  const count = (position: LogPosition | null) => {
    const key = position ? formatPosition(position) : 'start';
    let answer = counted.get(key);
    if (!answer) {
      answer = eventsInDatabase
        ? countInDatabase(db, position)
        : store.readAll(position, LAG_COUNT_LIMIT).then((events) => events.length);
      counted.set(key, answer);
    }
    return answer;
  };
  const lags = await Promise.all(
    names.map(async (name) => [name, await count(positionOf.get(name) ?? null)] as const),
  );
  return new Map(lags);
}

async function countInDatabase(db: Database, after: LogPosition | null): Promise<number> {
  const afterClause = after
    ? sql`where (transaction_id, position) > (${after.commit.toString()}::text::xid8, ${after.prepare.toString()}::bigint)`
    : sql``;
  const { rows } = await sql<{ behind: number }>`
    select count(*)::int as behind
      from (select 1 from public.events ${afterClause} limit ${LAG_COUNT_LIMIT}) as unread`.execute(db);
  return Number(rows[0]?.behind ?? 0);
}
