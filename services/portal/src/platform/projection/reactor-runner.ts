import type { Database } from '../database/database';
import type { LogPosition, RecordedEvent } from '../event-store/event-store.port';
import type { JobQueue } from '../queue/job-queue.port';
import { withCause } from '../telemetry/cause';
import { inEventSpans } from '../telemetry/tracing';
import { CheckpointAdvances } from './checkpoint-advances';
import { CheckpointMovedError, readCheckpoint, samePosition } from './checkpoints';
import { LogFollower, type FollowerDeps, type LogConsumer } from './log-follower';
import type { Reactor } from './projection';

export interface ReactorRunnerDeps extends FollowerDeps {
  readonly db: Database;
  readonly reactors: readonly Reactor[];
  readonly jobQueue: JobQueue;
}

/** Reactors keep no version: their checkpoint row has version 0. */
const REACTOR_CHECKPOINT_VERSION = 0;

export function reactorCheckpointName(reactorName: string): string {
  return `reactor:${reactorName}`;
}

/**
 * Turns events into jobs. The checkpoint moves only over events whose jobs were all enqueued;
 * a job enqueued again after a crash is ignored by the queue (same jobId). A new reactor starts
 * at the beginning of the log.
 */
export class ReactorRunner extends LogFollower {
  private readonly advances: CheckpointAdvances;

  constructor(private readonly runnerDeps: ReactorRunnerDeps) {
    super(runnerDeps, 'ReactorRunner');
    this.advances = new CheckpointAdvances(runnerDeps.db);
  }

  start(): void {
    this.follow(this.runnerDeps.reactors.map((reactor) => this.consumerFor(reactor)));
  }

  private consumerFor(reactor: Reactor): LogConsumer {
    const { db, jobQueue } = this.runnerDeps;
    const checkpointName = reactorCheckpointName(reactor.name);
    const handles = new Set(reactor.eventTypes);
    const moveCheckpoint = async (from: LogPosition | null, to: LogPosition) => {
      const move = { name: checkpointName, version: REACTOR_CHECKPOINT_VERSION, from, to };
      if (!(await this.advances.advance(move))) {
        throw new CheckpointMovedError(checkpointName);
      }
    };
    return {
      lockKey: checkpointName,
      label: `Reactor ${reactor.name}`,
      resume: async () => {
        const checkpoint = await readCheckpoint(db, checkpointName);
        if (checkpoint) return checkpoint.position;
        await db
          .withSchema('public')
          .insertInto('projection_checkpoints')
          .values({ name: checkpointName, version: REACTOR_CHECKPOINT_VERSION })
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
        return (await readCheckpoint(db, checkpointName))?.position ?? null;
      },
      handle: async (batch: readonly RecordedEvent[], after: LogPosition | null) => {
        let done = after;
        try {
          for (const event of batch) {
            if (handles.has(event.type)) {
              // The jobs it enqueues carry the event's correlation, and the event as their causation.
              const cause = { correlationId: event.metadata.correlationId, causationId: event.id };
              await withCause(
                cause,
                () =>
                  inEventSpans(`react ${reactor.name}`, [event], async () => {
                    for (const job of await reactor.react(event)) await jobQueue.enqueue(job);
                  }),
                true,
              );
            }
            done = event.position;
          }
        } finally {
          // Keeps what was enqueued even when a later event of the batch failed.
          if (done !== null && !samePosition(done, after)) await moveCheckpoint(after, done);
        }
        return done as LogPosition;
      },
    };
  }
}
