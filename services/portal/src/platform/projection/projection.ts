import type { Database } from '../database/database';
import type { EventStore, LogPosition, RecordedEvent } from '../event-store/event-store.port';
import type { JobRequest } from '../queue/job-queue.port';

/**
 * A read model: its own tables (in the Postgres schema `rm_{name}`) and how each event it
 * handles changes them. The runner applies a batch of events and stores the checkpoint in one
 * transaction. Bumping `version` makes the runner rebuild the tables from the log. The handle it
 * is given is the shared `Database`, scoped to its schema; the projection views its own tables
 * through `tablesOf<ItsTables>(db)` (platform/database/typed-view.ts).
 */
export interface Projection {
  readonly name: string;
  readonly version: number;
  readonly eventTypes: readonly string[];
  /** Creates the tables inside `db`, which is already scoped to an empty schema. */
  createTables(db: Database): Promise<void>;
  /** Applies one event; `db` is the batch's transaction, scoped to the projection's schema. */
  apply(event: RecordedEvent, db: Database): Promise<void>;
  /**
   * Optional: applies a batch's events (in log order) at once, e.g. as multi-row writes; the
   * result must equal applying them one by one. Without it the runner calls `apply` per event.
   */
  applyBatch?(events: readonly RecordedEvent[], db: Database): Promise<void>;
}

/** Applies a batch's handled events through `applyBatch` when the projection has one. */
export async function applyEvents(
  projection: Projection,
  events: readonly RecordedEvent[],
  db: Database,
): Promise<void> {
  if (projection.applyBatch) return projection.applyBatch(events, db);
  for (const event of events) await projection.apply(event, db);
}

/**
 * A reactor follows the log like a projection, but its effect is jobs: each returned request is
 * enqueued (jobId derived from the event id) before the reactor's checkpoint moves.
 */
export interface Reactor {
  readonly name: string;
  readonly eventTypes: readonly string[];
  react(event: RecordedEvent): readonly JobRequest[] | Promise<readonly JobRequest[]>;
}

export function readModelSchema(projectionName: string): string {
  return `rm_${projectionName.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;
}

/**
 * The shared handle scoped to a projection's schema, as the runner hands it to the projection
 * (tests and tools that apply a projection themselves use it). Queries read a read model through
 * their context's typed view instead (`tablesOf<T>(db, readModelSchema(name))`).
 */
export function readModel(db: Database, projectionName: string): Database {
  return db.withSchema(readModelSchema(projectionName));
}

/** Read-your-writes: lets the API wait until projections have applied a command's events. */
export interface ProgressWait {
  /**
   * Leave out projections being built (no checkpoint of this version yet: a first build, or a
   * rebuild for a new version). Until their swap their tables are missing or frozen, so a wait
   * for them only delays an answer to the timeout and shows nothing more. Read-your-writes sets
   * it; a wait for the read models to be complete (the demo seed, tests) does not.
   */
  readonly exceptBuilding?: boolean;
}

export abstract class ProjectionProgress {
  /** Resolves true once every registered projection has passed `position`, false after `timeoutMs`. */
  abstract waitFor(position: LogPosition, timeoutMs: number, options?: ProgressWait): Promise<boolean>;

  /** The projections not known (here, now) to have passed `position`: what an operator is told of a timeout. */
  behind(_position: LogPosition): readonly string[] {
    return [];
  }
}

/**
 * Whether every read model shows the whole log as it stands now (an empty log: at once), waiting at
 * most `timeoutMs`: what a rule reading "there is none yet" from the read models asks first.
 */
export async function readModelsReachHead(
  store: EventStore,
  progress: ProjectionProgress,
  timeoutMs: number,
): Promise<boolean> {
  const head = await store.headPosition();
  return head === null || (await progress.waitFor(head, timeoutMs));
}
