import { sql } from 'kysely';
import type { Database } from '../database/database';
import type { EventStore, LogPosition } from '../event-store/event-store.port';
import type { CheckpointSignal } from './checkpoint-signal';
import { lockCheckpoint, saveCheckpoint } from './checkpoints';
import { StoppedError, type RunControl } from './log-follower';
import { applyEvents, readModelSchema, type Projection } from './projection';

export interface RebuildContext {
  readonly db: Database;
  readonly eventStore: EventStore;
  readonly batchSize: number;
  readonly lockRetryMs: number;
  readonly signal?: CheckpointSignal;
}

/** Where a rebuild builds the new tables before they are swapped in. */
export function nextSchema(projectionName: string): string {
  return `${readModelSchema(projectionName)}__next`;
}

/**
 * Scopes raw SQL of the transaction to the projection's schema too (the Kysely handle given to
 * the projection is scoped with withSchema), so an unqualified `create table` can never land in
 * the public schema.
 */
export async function scopeTransaction(
  trx: Database,
  schema: string,
  options: { readonly durable?: boolean } = {},
): Promise<void> {
  // `durable: false` (a rebuild's batches into `__next`): the commit does not wait for the WAL
  // flush. A crash may lose the last batches, but an unfinished rebuild is started over anyway;
  // the swap that makes the tables live commits durably.
  const relaxed = options.durable === false ? sql`, set_config('synchronous_commit', 'off', true)` : sql``;
  await sql`select set_config('search_path', ${`"${schema}", public`}, true)${relaxed}`.execute(trx);
}

export async function schemaExists(db: Database, schema: string): Promise<boolean> {
  const result = await sql<{ found: number }>`
    select 1 as found from information_schema.schemata where schema_name = ${schema}`.execute(db);
  return result.rows.length > 0;
}

/**
 * Replays the whole log into fresh tables in `rm_{name}__next`, then, in one transaction, drops
 * the old schema, renames the new one into place and stores the checkpoint. Until that moment
 * queries keep reading the old tables. Each batch is its own short transaction: a long one would
 * hold back every reader of the gap-safe log. One rebuild per projection at a time (lock
 * `rebuild:{name}`); a rebuild interrupted halfway leaves `__next` behind, which the next rebuild
 * drops.
 */
export async function rebuildProjection(
  context: RebuildContext,
  projection: Projection,
  control: RunControl,
): Promise<LogPosition | null> {
  const { db, eventStore } = context;
  const lockKey = `rebuild:${projection.name}`;
  while (!(await control.locks.tryAcquire(lockKey))) {
    if (control.stopping()) throw new StoppedError();
    await control.sleep(context.lockRetryMs);
  }
  try {
    const schema = readModelSchema(projection.name);
    const next = nextSchema(projection.name);
    const handles = new Set(projection.eventTypes);
    await sql`drop schema if exists ${sql.id(next)} cascade`.execute(db);
    await sql`create schema ${sql.id(next)}`.execute(db);
    await db.transaction().execute(async (trx) => {
      await scopeTransaction(trx, next);
      await projection.createTables(trx.withSchema(next));
    });

    let position: LogPosition | null = null;
    let reading = readAhead(eventStore, position, context.batchSize);
    for (;;) {
      if (control.stopping()) throw new StoppedError();
      const batch = await reading;
      if (batch.length === 0) break;
      const last = batch[batch.length - 1].position;
      // The next batch is read (on another connection) while this one is applied.
      reading = readAhead(eventStore, last, context.batchSize);
      const handled = batch.filter((event) => handles.has(event.type));
      if (handled.length > 0) {
        await db.transaction().execute(async (trx) => {
          await scopeTransaction(trx, next, { durable: false });
          const scoped = trx.withSchema(next);
          await applyEvents(projection, handled, scoped);
        });
      }
      position = last;
    }

    const built = position;
    await db.transaction().execute(async (trx) => {
      // Taken first, as every batch of a running instance does: the swap and a batch never interleave.
      await lockCheckpoint(trx, projection.name);
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(trx);
      await sql`alter schema ${sql.id(next)} rename to ${sql.id(schema)}`.execute(trx);
      await saveCheckpoint(trx, projection.name, projection.version, built);
    });
    if (built) context.signal?.notify(projection.name, built);
    return built;
  } finally {
    await control.locks.release(lockKey);
  }
}

/** Starts reading a batch; a failure surfaces where it is awaited, never as an unhandled rejection. */
function readAhead(eventStore: EventStore, after: LogPosition | null, batchSize: number) {
  const reading = eventStore.readAll(after, batchSize);
  reading.catch(() => undefined);
  return reading;
}
