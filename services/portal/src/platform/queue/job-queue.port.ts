/**
 * The JobQueue port. BullMQ (Redis) in production, an in-process adapter in the embedded
 * default; both run the same processors with the same retries and idempotency (jobId).
 */
export interface JobRequest<TName extends string = string, TData = unknown> {
  readonly name: TName;
  readonly data: TData;
  /** Idempotency: a second enqueue with the same id is ignored. Reactors use the event id. */
  readonly jobId: string;
}

/**
 * A repeatable job: `name` runs with `data` at every instant the cron `pattern` names in `timeZone`.
 * Scheduling the same `schedulerId` again replaces it (so every process may schedule at start);
 * each occurrence runs once however many workers there are.
 */
export interface JobSchedule<TName extends string = string, TData = unknown> {
  readonly schedulerId: string;
  readonly name: TName;
  readonly data: TData;
  /** Cron pattern, five fields or six (seconds first), e.g. '0 8 * * 1-5'. */
  readonly pattern: string;
  /** IANA time zone the pattern is read in, e.g. 'America/Edmonton'. */
  readonly timeZone: string;
}

export type JobState = 'waiting' | 'active' | 'completed' | 'failed';

export interface JobStatus<TResult = unknown> {
  readonly id: string;
  readonly name: string;
  readonly state: JobState;
  /** 0 to 100. */
  readonly progress: number;
  readonly result?: TResult;
  readonly failedReason?: string;
}

export interface JobContext {
  readonly jobId: string;
  readonly attempt: number;
  reportProgress(percent: number): Promise<void>;
}

export interface JobProcessor<TData = unknown, TResult = unknown> {
  readonly name: string;
  process(data: TData, context: JobContext): Promise<TResult>;
}

/** Thrown by a processor for input that no retry can fix: the job fails at once. */
export class UnrecoverableJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnrecoverableJobError';
  }
}

/** Jobs in each state now (`/metrics`): waiting includes delayed retries; failed ones stay after their last try. */
export interface QueueDepth {
  readonly queue: string;
  readonly waiting: number;
  readonly active: number;
  readonly failed: number;
}

export abstract class JobQueue {
  /** How many jobs wait, run and failed now; null when the adapter cannot tell (test doubles). */
  depth(): Promise<QueueDepth | null> {
    return Promise.resolve(null);
  }
  abstract enqueue(request: JobRequest): Promise<void>;
  /** Adds or replaces a repeatable job; refuses a pattern or time zone it cannot read. */
  abstract schedule(schedule: JobSchedule): Promise<void>;
  abstract status(jobId: string): Promise<JobStatus | null>;
  abstract registerProcessor(processor: JobProcessor): void;
  /** Starts processing (worker role); refuses to start when a known job name has no processor. */
  abstract startWorker(): Promise<void>;
  /**
   * Starts handing kept jobs over to the queue behind (OutboxJobQueue; every role runs it). Queues
   * that keep their jobs themselves have nothing to relay.
   */
  startRelay(): void {}
  /** Waits for running jobs to finish, then closes connections. */
  abstract close(): Promise<void>;
}
