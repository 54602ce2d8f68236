import type { Database } from '../database/database';
import type { LogPosition, RecordedEvent } from '../event-store/event-store.port';
import type { CheckpointSignal } from './checkpoint-signal';
import { CheckpointAdvances } from './checkpoint-advances';
import {
  CheckpointMovedError,
  lockCheckpoint,
  readCheckpoint,
  samePosition,
  saveCheckpoint,
} from './checkpoints';
import { LogFollower, type FollowerDeps, type LogConsumer, type RunControl } from './log-follower';
import {
  rebuildProjection,
  rebuildProjections,
  schemaExists,
  scopeTransaction,
  type RebuildContext,
  type RebuildTiming,
} from './projection-rebuild';
import { inEventSpans } from '../telemetry/tracing';
import { applyEvents, readModelSchema, type Projection } from './projection';

export interface ProjectionRunnerDeps extends FollowerDeps {
  readonly db: Database;
  readonly projections: readonly Projection[];
  /** Told after every committed batch (read-your-writes waiters in this process). */
  readonly signal?: CheckpointSignal;
}

/**
 * Keeps every projection's tables up to date with the log. Per projection: one active instance
 * (advisory lock `projection:{name}`), a batch of events plus the checkpoint in one transaction,
 * a failed batch retried with backoff and never skipped. On first start or a new `version` the
 * tables are rebuilt from the log into a fresh schema and swapped in.
 */
export class ProjectionRunner extends LogFollower {
  private readonly rebuildContext: RebuildContext;
  private readonly advances: CheckpointAdvances;

  constructor(private readonly runnerDeps: ProjectionRunnerDeps) {
    super(runnerDeps, 'ProjectionRunner');
    assertUniqueNames(runnerDeps.projections);
    this.advances = new CheckpointAdvances(runnerDeps.db);
    this.rebuildContext = {
      db: runnerDeps.db,
      eventStore: runnerDeps.eventStore,
      batchSize: this.batchSize,
      lockRetryMs: this.lockRetryMs,
      signal: runnerDeps.signal,
    };
  }

  /** Starts following the log; returns at once. */
  start(): void {
    this.follow(this.runnerDeps.projections.map((projection) => this.consumerFor(projection)));
  }

  /**
   * Rebuilds one projection (or all, in one pass over the log) from the whole log and swaps the
   * new tables in; answers the time each took (its own transactions; the reading is shared).
   */
  async rebuild(name?: string): Promise<RebuildTiming[]> {
    const targets = name
      ? this.runnerDeps.projections.filter((projection) => projection.name === name)
      : this.runnerDeps.projections;
    if (name && targets.length === 0) {
      const known = this.runnerDeps.projections.map((projection) => projection.name).join(', ');
      throw new Error(`No projection named ${name} (known: ${known || 'none'})`);
    }
    const names = targets.map((projection) => `${projection.name} v${projection.version}`).join(', ');
    this.logger.log(`Rebuilding projection(s) ${names}`);
    return (await rebuildProjections(this.rebuildContext, targets, this.runControl())).timings;
  }

  private consumerFor(projection: Projection): LogConsumer {
    const { db, signal } = this.runnerDeps;
    const schema = readModelSchema(projection.name);
    const handles = new Set(projection.eventTypes);
    return {
      lockKey: `projection:${projection.name}`,
      label: `Projection ${projection.name}`,
      resume: async (control: RunControl) => {
        const checkpoint = await readCheckpoint(db, projection.name);
        if (checkpoint && checkpoint.version === projection.version && (await schemaExists(db, schema))) {
          return checkpoint.position;
        }
        this.logger.log(
          checkpoint
            ? `Projection ${projection.name} changed from v${checkpoint.version} to v${projection.version}: rebuilding`
            : `Projection ${projection.name} v${projection.version} is new: building it from the log`,
        );
        return rebuildProjection(this.rebuildContext, projection, control);
      },
      handle: async (batch: readonly RecordedEvent[], after: LogPosition | null) => {
        const last = batch[batch.length - 1].position;
        const handled = batch.filter((event) => handles.has(event.type));
        if (handled.length === 0) {
          // Nothing to write but the checkpoint (so progress waiters see it pass these events).
          const move = { name: projection.name, version: projection.version, from: after, to: last };
          if (!(await this.advances.advance(move))) {
            throw new CheckpointMovedError(projection.name);
          }
          signal?.notify(projection.name, last);
          return last;
        }
        await db.transaction().execute(async (trx) => {
          // Locked first: another instance or a rebuild swap that moved it makes this batch stale.
          const current = await lockCheckpoint(trx, projection.name);
          if (!current || current.version !== projection.version || !samePosition(current.position, after)) {
            throw new CheckpointMovedError(projection.name);
          }
          await scopeTransaction(trx, schema);
          await inEventSpans(`project ${projection.name}`, handled, () =>
            applyEvents(projection, handled, trx.withSchema(schema)),
          );
          await saveCheckpoint(trx, projection.name, projection.version, last);
        });
        signal?.notify(projection.name, last);
        return last;
      },
    };
  }
}

function assertUniqueNames(items: readonly { name: string }[]): void {
  const seen = new Set<string>();
  for (const { name } of items) {
    if (seen.has(name)) throw new Error(`Two read models or reactors are named ${name}`);
    seen.add(name);
  }
}
