import { Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { Database } from '../database/database';
import { InjectDatabase } from '../database/database.provider';
import { tablesOf } from '../database/typed-view';
import { EventStore, type RecordedEvent } from '../event-store/event-store.port';
import { ContextRegistry } from '../registry/context-registry';
import { scopeTransaction } from './projection-rebuild';
import { applyEvents, readModelSchema } from './projection';

/**
 * Read models rebuilt as they stood at a past instant: the handle of the scratch transaction and
 * where each replayed read model's tables are in it. A query given one reads these instead of the
 * live `rm_*` tables (see `readModelTablesOf`).
 */
export interface ReplayedReadModels {
  readonly db: Database;
  readonly asOf: string;
  schemaOf(readModel: string): string;
}

/**
 * A context's typed view of a read model (`tablesOf`): the replayed one when given, else the live
 * one in `rm_{readModel}`. The read models' typed views (e.g. `timesheetsReadModel`) go through it.
 */
export function readModelTablesOf<T>(
  db: Database,
  readModel: string,
  replayed: ReplayedReadModels | null | undefined,
): Kysely<T> {
  if (!replayed) return tablesOf<T>(db, readModelSchema(readModel));
  return tablesOf<T>(replayed.db, replayed.schemaOf(readModel));
}

/** What to rebuild: these read models, from these streams' events that occurred at or before `asOf`. */
export interface AsOfRequest {
  readonly readModels: readonly string[];
  readonly streamIds: readonly string[];
  /**
   * Per read model, tables copied whole from its live read model (`rm_{name}`) before the events
   * are applied: what the view shows as it is today (e.g. the name look-ups: the names of the
   * people and projects it lists are today's too). One `insert … select` each, instead of
   * replaying the streams those tables fold (every staff and project stream).
   */
  readonly liveTables?: Readonly<Record<string, readonly string[]>>;
  /** ISO-8601 instant; an event counts when its `metadata.occurredAt` is at or before it. */
  readonly asOf: string;
}

/** Thrown inside the scratch transaction so that it always rolls back. */
class RollBack extends Error {
  constructor(readonly result: unknown) {
    super('as-of replay rolled back');
  }
}

/**
 * The "as of" views (issue 11). The same projections the live read models use, run into fresh
 * tables of a scratch schema inside one transaction that is always rolled back: nothing is ever
 * committed, no other session sees the schema, and the live read models are not touched or locked.
 * Only the streams a view needs are read (e.g. one period's ledger streams), in log order, and of
 * those only the events that occurred at or before the instant (by `metadata.occurredAt`, the
 * Clock's time when the command was decided; see docs/decisions/0186-as-of-replays-live-projections.md).
 */
@Injectable()
export class AsOfReplay {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly eventStore: EventStore,
    private readonly registry: ContextRegistry,
  ) {}

  async replay<T>(request: AsOfRequest, read: (replayed: ReplayedReadModels) => Promise<T>): Promise<T> {
    const events = await this.eventStore.readStreams(request.streamIds, request.asOf);
    const suffix = randomBytes(6).toString('hex');
    const schemas = new Map(
      request.readModels.map((name) => [name, `${readModelSchema(name)}__asof_${suffix}`]),
    );
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const [name, schema] of schemas) {
          await this.rebuild(trx, name, schema, request.liveTables?.[name] ?? [], events);
        }
        const result = await read({
          db: trx,
          asOf: request.asOf,
          schemaOf: (readModel) => {
            const schema = schemas.get(readModel);
            if (!schema) throw new Error(`The read model ${readModel} was not replayed`);
            return schema;
          },
        });
        throw new RollBack(result);
      });
    } catch (error) {
      if (error instanceof RollBack) return error.result as T;
      throw error;
    }
    throw new Error('unreachable: the scratch transaction always rolls back');
  }

  private async rebuild(
    trx: Database,
    name: string,
    schema: string,
    liveTables: readonly string[],
    events: readonly RecordedEvent[],
  ) {
    const projection = this.registry.projections.find((p) => p.name === name);
    if (!projection) throw new Error(`No projection is registered as ${name}`);
    await sql`create schema ${sql.id(schema)}`.execute(trx);
    // Raw statements of a projection resolve unqualified names through the search path.
    await scopeTransaction(trx, schema);
    const scoped = trx.withSchema(schema);
    await projection.createTables(scoped);
    // The same projection made both, so the columns are the same and in the same order.
    for (const table of liveTables)
      await sql`insert into ${sql.id(schema, table)} select * from ${sql.id(readModelSchema(name), table)}`.execute(
        trx,
      );
    const handles = new Set(projection.eventTypes);
    const handled = events.filter((event) => handles.has(event.type));
    if (handled.length > 0) await applyEvents(projection, handled, scoped);
  }
}
