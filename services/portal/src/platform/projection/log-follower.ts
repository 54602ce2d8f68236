import { Logger } from '@nestjs/common';
import type { DatabaseHandle } from '../database/database';
import type { EventStore, LogPosition, RecordedEvent } from '../event-store/event-store.port';
import { openLockSession, type LockSession } from './advisory-locks';
import { CheckpointMovedError } from './checkpoints';
import { LogTail } from './log-tail';
import { SharedLogReads } from './shared-log-reads';

/** What a runner logs; Nest's Logger by default, a quiet one in tests. */
export interface RunnerLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface FollowerOptions {
  /** Events read per batch (and applied in one transaction). */
  readonly batchSize?: number;
  /**
   * Longest an idle loop waits before reading the log again. The log subscription (woken by
   * appends and NOTIFY) wakes it as soon as the log grows; this is only a safety net. Default 30 s.
   */
  readonly idleMaxWaitMs?: number;
  /** How often a standby tries to take a lock held by another instance. */
  readonly lockRetryMs?: number;
  /** First wait after a failed batch; doubles per failure up to `retryMaxMs`. */
  readonly retryInitialMs?: number;
  readonly retryMaxMs?: number;
  readonly logger?: RunnerLogger;
}

export interface FollowerDeps extends FollowerOptions {
  readonly handle: Pick<DatabaseHandle, 'kind' | 'url'>;
  readonly eventStore: EventStore;
  /**
   * The news of appends, shared by the runners of one process (one log subscription for all);
   * a runner given none opens its own. Stopping a runner stops it.
   */
  readonly tail?: LogTail;
}

/** One follower of the log (a projection or a reactor) as the runner drives it. */
export interface LogConsumer {
  /** Lock that makes this instance the active one, e.g. `projection:timesheets`. */
  readonly lockKey: string;
  readonly label: string;
  /** Runs when this instance becomes active or after a failure: returns where to continue. */
  resume(control: RunControl): Promise<LogPosition | null>;
  /** Handles one non-empty batch read after `after`; resolves with the new checkpoint. */
  handle(batch: readonly RecordedEvent[], after: LogPosition | null): Promise<LogPosition>;
}

export interface RunControl {
  readonly stopping: () => boolean;
  readonly locks: LockSession;
  sleep(ms: number): Promise<void>;
}

export class StoppedError extends Error {
  constructor() {
    super('The runner is stopping');
    this.name = 'StoppedError';
  }
}

/**
 * Drives consumers: takes each one's lock (or waits as a standby), reads the log in batches
 * after the consumer's checkpoint (one read shared by the consumers at the same position), hands
 * each batch over, and on failure logs, backs off and retries the same batch (never skips it).
 * Stopping waits for the batch in hand.
 */
export class LogFollower {
  readonly locks: LockSession;
  private readonly tail: LogTail;
  private readonly reads: SharedLogReads;
  private readonly loops: Promise<void>[] = [];
  private readonly sleepers = new Set<() => void>();
  private readonly active = new Set<string>();
  private stopping = false;
  protected readonly batchSize: number;
  protected readonly lockRetryMs: number;
  private readonly idleMaxWaitMs: number;
  private readonly retryInitialMs: number;
  private readonly retryMaxMs: number;
  protected readonly logger: RunnerLogger;

  constructor(
    protected readonly deps: FollowerDeps,
    name: string,
  ) {
    this.logger = deps.logger ?? new Logger(name);
    this.batchSize = deps.batchSize ?? 500;
    this.lockRetryMs = deps.lockRetryMs ?? 1000;
    this.retryInitialMs = deps.retryInitialMs ?? 500;
    this.retryMaxMs = deps.retryMaxMs ?? 30_000;
    this.tail = deps.tail ?? new LogTail(deps.eventStore);
    this.reads = new SharedLogReads(deps.eventStore);
    this.idleMaxWaitMs = deps.idleMaxWaitMs ?? 30_000;
    this.locks = openLockSession(deps.handle, (error) =>
      this.logger.warn(`Lost the runner lock connection: ${errorMessage(error)}`),
    );
  }

  /** Whether this instance currently is the active one for the consumer. */
  isActive(lockKey: string): boolean {
    return this.active.has(lockKey) && this.locks.holds(lockKey);
  }

  protected follow(consumers: readonly LogConsumer[]): void {
    for (const consumer of consumers) this.loops.push(this.run(consumer));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.tail.stop();
    for (const wake of [...this.sleepers]) wake();
    await Promise.all(this.loops);
    this.loops.length = 0;
    await this.locks.close();
  }

  protected runControl(): RunControl {
    return { stopping: () => this.stopping, locks: this.locks, sleep: (ms) => this.sleep(ms) };
  }

  private async run(consumer: LogConsumer): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      try {
        if (!(await this.locks.tryAcquire(consumer.lockKey))) {
          await this.sleep(this.lockRetryMs);
          continue;
        }
        this.active.add(consumer.lockKey);
        let position = await consumer.resume(this.runControl());
        failures = 0;
        while (!this.stopping && this.locks.holds(consumer.lockKey)) {
          const batch = await this.reads.readAll(position, this.batchSize);
          if (batch.length === 0) {
            await this.tail.waitBeyond(position, this.idleMaxWaitMs);
            continue;
          }
          position = await consumer.handle(batch, position);
          failures = 0;
          // A short batch read to the end of the log: read again once the log is known to have grown.
          if (batch.length < this.batchSize) await this.tail.waitBeyond(position, this.idleMaxWaitMs);
        }
      } catch (error) {
        if (error instanceof StoppedError || this.stopping) break;
        if (error instanceof CheckpointMovedError) {
          this.logger.log(error.message);
          continue;
        }
        failures += 1;
        const wait = Math.min(this.retryMaxMs, this.retryInitialMs * 2 ** (failures - 1));
        this.logger.error(
          `${consumer.label} failed (attempt ${failures}), retrying in ${wait} ms: ${errorMessage(error)}`,
        );
        await this.sleep(wait);
      } finally {
        this.active.delete(consumer.lockKey);
      }
    }
    await this.locks.release(consumer.lockKey);
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
