import type { Database } from '../database/database';
import { advanceCheckpoints, type CheckpointMove } from './checkpoints';

interface Waiting extends CheckpointMove {
  readonly settle: (moved: boolean | Error) => void;
}

/**
 * The checkpoint moves of a runner's followers over events none of them handles, gathered into
 * one statement per turn of the event loop. An append most projections ignore used to cost one
 * UPDATE per projection (a dozen per append); the followers woken by it move together, so they
 * now share one. Each move still happens only from the position its follower expected.
 */
export class CheckpointAdvances {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly db: Database) {}

  /** Moves `name` from `from` to `to`; false when it was no longer at `from` (moved by another). */
  advance(move: CheckpointMove): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({
        ...move,
        settle: (moved) => (moved instanceof Error ? reject(moved) : resolve(moved)),
      });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const moves = this.waiting;
    this.waiting = [];
    try {
      const moved = await advanceCheckpoints(this.db, moves);
      for (const move of moves) move.settle(moved.has(move.name));
    } catch (error) {
      for (const move of moves) move.settle(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
