import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import type { Database } from '../database/database';
import type { LogPosition } from '../event-store/event-store.port';
import { CheckpointSignal } from './checkpoint-signal';
import { beingBuilt, hasReached, readCheckpoints } from './checkpoints';
import { ProjectionProgress, type Projection, type ProgressWait } from './projection';

/**
 * Read-your-writes from the checkpoint table: works whichever process runs the projector; a
 * runner in this process wakes waiters early through the CheckpointSignal.
 *
 * The table is read by one shared read per process, at most once per `pollMs`, whatever the
 * number of waiters: with a projector in another process, 100 answers waiting at once used to
 * poll the table 100 times per interval each (2,000 reads a second), which took the database's
 * time from the commands themselves (docs/decisions/0219-one-checkpoint-read-per-process.md).
 */
export class CheckpointProjectionProgress extends ProjectionProgress {
  /** The newest position the shared read found, by projection (kept as the runners' news is). */
  private readonly fromTable = new CheckpointSignal();
  /** Projections the last read found without a checkpoint of their version (being built). */
  private building = new Set<string>();
  /** When the read that found `building` started (monotonic ms). */
  private buildingReadAt = Number.NEGATIVE_INFINITY;
  private tableRead: Promise<void> | null = null;
  private lastReadStarted = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    /** The registered projections (a live list: contexts register after this is made). */
    private readonly projections: readonly Pick<Projection, 'name' | 'version'>[],
    private readonly signal: CheckpointSignal,
    private readonly pollMs = 50,
  ) {
    super();
  }

  /**
   * Checkpoints a runner of this process committed are known without a read. Woken by such a
   * runner, the table is read only when some pending projection is one no runner here ever told
   * of; after a quiet poll interval, it is read whenever one is pending.
   */
  async waitFor(position: LogPosition, timeoutMs: number, options: ProgressWait = {}): Promise<boolean> {
    // A timeout, not a business "now": the monotonic clock is the right one.
    const entered = performance.now();
    const deadline = entered + timeoutMs;
    // Only a read started after the write may pass a projection over: one started before could
    // have missed the swap that ended its build.
    const waitedFor = (names: string[]) =>
      options.exceptBuilding && this.buildingReadAt >= entered
        ? names.filter((name) => !this.isBuilding(name))
        : names;
    let notified = false;
    for (;;) {
      const pending = this.notKnownToHaveReached(position);
      if (pending.length === 0) return true;
      if (!notified || pending.some((name) => !this.signal.positionOf(name))) {
        await this.readTable();
        if (waitedFor(this.notKnownToHaveReached(position)).length === 0) return true;
      }
      const remaining = deadline - performance.now();
      if (remaining <= 0) return false;
      notified = await this.signal.wait(Math.min(this.pollMs, remaining));
    }
  }

  /** Joins the read in flight (or due), else starts one; reads start at least `pollMs` apart. */
  private readTable(): Promise<void> {
    this.tableRead ??= this.readTableOnce().finally(() => {
      this.tableRead = null;
    });
    return this.tableRead;
  }

  private async readTableOnce(): Promise<void> {
    const due = this.lastReadStarted + this.pollMs - performance.now();
    if (due > 0) await sleep(due);
    const started = performance.now();
    this.lastReadStarted = started;
    const checkpoints = await readCheckpoints(
      this.db,
      this.projections.map((p) => p.name),
    );
    for (const checkpoint of checkpoints) {
      if (checkpoint.position) this.fromTable.notify(checkpoint.name, checkpoint.position);
    }
    this.building = new Set(beingBuilt(this.projections, checkpoints));
    this.buildingReadAt = started;
  }

  /** Being built as the last read found, unless a runner here has since told of a batch (its swap). */
  private isBuilding(name: string): boolean {
    return this.building.has(name) && !this.signal.positionOf(name);
  }

  override behind(position: LogPosition): readonly string[] {
    return this.notKnownToHaveReached(position);
  }

  private notKnownToHaveReached(position: LogPosition): string[] {
    return this.projections
      .map((p) => p.name)
      .filter((name) => {
        const told = this.signal.positionOf(name);
        const read = this.fromTable.positionOf(name);
        return !(told && hasReached(told, position)) && !(read && hasReached(read, position));
      });
  }
}
