import { performance } from 'node:perf_hooks';
import type { Database } from '../database/database';
import type { LogPosition } from '../event-store/event-store.port';
import type { CheckpointSignal } from './checkpoint-signal';
import { hasReached, readCheckpoints } from './checkpoints';
import { ProjectionProgress } from './projection';

/**
 * Read-your-writes from the checkpoint table: works whichever process runs the projector; a
 * runner in this process wakes waiters early through the CheckpointSignal.
 */
export class CheckpointProjectionProgress extends ProjectionProgress {
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
   * runner, only projections no runner here ever told of are read from the table; after a quiet
   * poll interval, every one not known to have passed `position` is.
   */
  async waitFor(position: LogPosition, timeoutMs: number): Promise<boolean> {
    // A timeout, not a business "now": the monotonic clock is the right one.
    const deadline = performance.now() + timeoutMs;
    let notified = false;
    for (;;) {
      const pending = this.notKnownToHaveReached(position);
      if (pending.length === 0) return true;
      const toRead = notified ? pending.filter((name) => !this.signal.positionOf(name)) : pending;
      if (toRead.length > 0) {
        const checkpoints = await readCheckpoints(this.db, toRead);
        const reached = checkpoints.filter((checkpoint) => hasReached(checkpoint.position, position));
        if (reached.length === pending.length) return true;
        // A runner may have told of the rest while the table was read.
        if (this.notKnownToHaveReached(position).length === 0) return true;
      }
      const remaining = deadline - performance.now();
      if (remaining <= 0) return false;
      notified = await this.signal.wait(Math.min(this.pollMs, remaining));
    }
  }

  private notKnownToHaveReached(position: LogPosition): string[] {
    return this.projectionNames.filter((name) => {
      const known = this.signal.positionOf(name);
      return !known || !hasReached(known, position);
    });
  }
}
