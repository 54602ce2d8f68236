import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import type { Database } from '../database/database';
import type { LogPosition } from '../event-store/event-store.port';
import { CheckpointSignal } from './checkpoint-signal';
import { hasReached, readCheckpoints } from './checkpoints';
import { ProjectionProgress } from './projection';

/**
 * Read-your-writes from the checkpoint table: works whichever process runs the projector; a
 * runner in this process wakes waiters early through the CheckpointSignal.
 *
 * The table is read by one shared read per process, at most once per `pollMs`, whatever the
 * number of waiters: with a projector in another process, 100 answers waiting at once used to
 * poll the table 100 times per interval each (2,000 reads a second), which took the database's
 * time from the commands themselves (docs/decisions.md).
 */
export class CheckpointProjectionProgress extends ProjectionProgress {
  /** The newest position the shared read found, by projection (kept as the runners' news is). */
  private readonly fromTable = new CheckpointSignal();
  private tableRead: Promise<void> | null = null;
  private lastReadStarted = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    private readonly projectionNames: readonly string[],
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
  async waitFor(position: LogPosition, timeoutMs: number): Promise<boolean> {
    // A timeout, not a business "now": the monotonic clock is the right one.
    const deadline = performance.now() + timeoutMs;
    let notified = false;
    for (;;) {
      const pending = this.notKnownToHaveReached(position);
      if (pending.length === 0) return true;
      if (!notified || pending.some((name) => !this.signal.positionOf(name))) {
        await this.readTable();
        if (this.notKnownToHaveReached(position).length === 0) return true;
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
    this.lastReadStarted = performance.now();
    for (const checkpoint of await readCheckpoints(this.db, this.projectionNames)) {
      if (checkpoint.position) this.fromTable.notify(checkpoint.name, checkpoint.position);
    }
  }

  override behind(position: LogPosition): readonly string[] {
    return this.notKnownToHaveReached(position);
  }

  private notKnownToHaveReached(position: LogPosition): string[] {
    return this.projectionNames.filter((name) => {
      const told = this.signal.positionOf(name);
      const read = this.fromTable.positionOf(name);
      return !(told && hasReached(told, position)) && !(read && hasReached(read, position));
    });
  }
}
