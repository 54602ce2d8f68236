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

  async waitFor(position: LogPosition, timeoutMs: number): Promise<boolean> {
    // A timeout, not a business "now": the monotonic clock is the right one.
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      if (await this.allReached(position)) return true;
      const remaining = deadline - performance.now();
      if (remaining <= 0) return false;
      await this.signal.wait(Math.min(this.pollMs, remaining));
    }
  }

  private async allReached(position: LogPosition): Promise<boolean> {
    if (this.projectionNames.length === 0) return true;
    const checkpoints = await readCheckpoints(this.db, this.projectionNames);
    return (
      checkpoints.length === this.projectionNames.length &&
      checkpoints.every((checkpoint) => hasReached(checkpoint.position, position))
    );
  }
}
