import { performance } from 'node:perf_hooks';
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

/** How long a rebuild spent on one projection: its batches' transactions, and the swap. */
export interface RebuildTiming {
  readonly name: string;
  /** Events of its types applied. */
  readonly events: number;
  /** Milliseconds in its own transactions (tables, batches, swap); the shared reading is not in it. */
  readonly ms: number;
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
  return (await rebuildProjections(context, [projection], control)).position;
}

/**
 * Rebuilds several projections in one pass over the log (`npm run projections:rebuild` of all of
 * them, issue 27): each batch is read once and applied to every projection that handles some of
 * its events, each in a transaction of its own on its own `__next` schema; then each is swapped
 * in as rebuildProjection does. Reading the firm's log once instead of once per projection is most
 * of a full rebuild's time saved.
 */
export async function rebuildProjections(
  context: RebuildContext,
  projections: readonly Projection[],
  control: RunControl,
): Promise<{ position: LogPosition | null; timings: RebuildTiming[] }> {
  const { db, eventStore } = context;
  const held: string[] = [];
  try {
    for (const projection of projections) {
      const lockKey = `rebuild:${projection.name}`;
      while (!(await control.locks.tryAcquire(lockKey))) {
        if (control.stopping()) throw new StoppedError();
        await control.sleep(context.lockRetryMs);
      }
      held.push(lockKey);
    }
    const targets = projections.map((projection) => ({
      projection,
      schema: readModelSchema(projection.name),
      next: nextSchema(projection.name),
      handles: new Set(projection.eventTypes),
      events: 0,
      ms: 0,
      deferred: [] as string[],
    }));
    const timedFor = async (target: (typeof targets)[number], work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      target.ms += performance.now() - started;
    };
    for (const target of targets) {
      await timedFor(target, async () => {
        await sql`drop schema if exists ${sql.id(target.next)} cascade`.execute(db);
        await sql`create schema ${sql.id(target.next)}`.execute(db);
        await db.transaction().execute(async (trx) => {
          await scopeTransaction(trx, target.next);
          await target.projection.createTables(trx.withSchema(target.next));
        });
        target.deferred = await dropPlainIndexes(db, target.next);
      });
    }

    let position: LogPosition | null = null;
    let reading = readAhead(eventStore, position, context.batchSize);
    for (;;) {
      if (control.stopping()) throw new StoppedError();
      const batch = await reading;
      if (batch.length === 0) break;
      const last = batch[batch.length - 1].position;
      // The next batch is read (on another connection) while this one is applied.
      reading = readAhead(eventStore, last, context.batchSize);
      for (const target of targets) {
        const handled = batch.filter((event) => target.handles.has(event.type));
        if (handled.length === 0) continue;
        target.events += handled.length;
        await timedFor(target, () =>
          db.transaction().execute(async (trx) => {
            await scopeTransaction(trx, target.next, { durable: false });
            await applyEvents(target.projection, handled, trx.withSchema(target.next));
          }),
        );
      }
      position = last;
    }

    const built = position;
    for (const target of targets) {
      await timedFor(target, async () => {
        for (const definition of target.deferred) await sql.raw(definition).execute(db);
      });
      await timedFor(target, () =>
        db.transaction().execute(async (trx) => {
          // Taken first, as every batch of a running instance does: the swap and a batch never interleave.
          await lockCheckpoint(trx, target.projection.name);
          await sql`drop schema if exists ${sql.id(target.schema)} cascade`.execute(trx);
          await sql`alter schema ${sql.id(target.next)} rename to ${sql.id(target.schema)}`.execute(trx);
          await saveCheckpoint(trx, target.projection.name, target.projection.version, built);
        }),
      );
      if (built) context.signal?.notify(target.projection.name, built);
    }
    const timings = targets.map(({ projection, events, ms }) => ({ name: projection.name, events, ms }));
    return { position: built, timings };
  } finally {
    for (const lockKey of held) await control.locks.release(lockKey);
  }
}

/**
 * Drops the indexes of `schema`'s tables that neither a primary key nor a unique rule needs, and
 * answers the statements that create them again. A rebuild writes into tables without them and
 * builds each once at the end (one sort instead of one index insert per row); keys and unique
 * indexes stay, since upserts and look-ups during the replay rely on them.
 */
async function dropPlainIndexes(db: Database, schema: string): Promise<string[]> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = ${schema} and not i.indisunique and not i.indisprimary
     order by c.relname`.execute(db);
  for (const { name } of rows) await sql`drop index ${sql.id(schema, name)}`.execute(db);
  return rows.map((row) => row.definition);
}

/** Starts reading a batch; a failure surfaces where it is awaited, never as an unhandled rejection. */
function readAhead(eventStore: EventStore, after: LogPosition | null, batchSize: number) {
  const reading = eventStore.readAll(after, batchSize);
  reading.catch(() => undefined);
  return reading;
}
