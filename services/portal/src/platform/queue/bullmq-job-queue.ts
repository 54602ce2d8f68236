import { Logger } from '@nestjs/common';
import { Queue, UnrecoverableError, Worker, type Job, type JobState as BullJobState } from 'bullmq';
import IORedis from 'ioredis';
import { countJob } from '../observability/metrics';
import { traceJobData } from '../telemetry/tracing';
import { loggedJobFailures, runJobAttempt } from './run-job';
import {
  JobQueue,
  UnrecoverableJobError,
  type JobProcessor,
  type JobRequest,
  type JobSchedule,
  type JobState,
  type JobStatus,
  type QueueDepth,
} from './job-queue.port';
import {
  assertEveryJobHasAProcessor,
  clampProgress,
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  DEFAULT_CONCURRENCY,
  DEFAULT_QUEUE_NAME,
  nextOccurrence,
  type JobQueueOptions,
} from './job-queue.options';

export interface BullMqJobQueueOptions extends JobQueueOptions {
  readonly redisUrl: string;
  readonly queueName?: string;
  /** Redis key prefix; tests use their own (uniqueRedisPrefix). */
  readonly prefix?: string;
}

/** How long finished jobs are kept: as long as they are kept, the same jobId is not run again. */
const KEEP_FINISHED_SECONDS = 30 * 24 * 3600;

/**
 * BullMQ accepts no ':' and no all-digit custom ids; the portal's jobIds may be anything, so
 * they are encoded (reversibly, so processors see the id they were given).
 */
export function toBullJobId(jobId: string): string {
  return `j_${jobId.replace(/%/g, '%25').replace(/:/g, '%3A')}`;
}

export function fromBullJobId(bullId: string): string {
  // A job scheduler's occurrences carry BullMQ's own ids ('repeat:…'), kept as they are.
  if (!bullId.startsWith('j_')) return bullId;
  return bullId.slice(2).replace(/%3A/g, ':').replace(/%25/g, '%');
}

function toState(state: BullJobState | 'unknown'): JobState | null {
  switch (state) {
    case 'active':
    case 'completed':
    case 'failed':
      return state;
    case 'waiting':
    case 'delayed':
    case 'prioritized':
    case 'waiting-children':
      return 'waiting';
    default:
      return null;
  }
}

/** How many times `status` reads a job that keeps moving between its reads before it answers. */
const STATUS_READS = 5;

/** The production queue: BullMQ on Redis (REDIS_URL). */
export class BullMqJobQueue extends JobQueue {
  private readonly processors = new Map<string, JobProcessor>();
  private readonly connection: IORedis;
  private readonly queue: Queue;
  private worker: Worker | null = null;
  private workerConnection: IORedis | null = null;
  private readonly queueName: string;
  private readonly logger: { error(message: string): void; log(message: string): void };

  /** Retries and how long finished jobs are kept: the same for enqueued and scheduled jobs. */
  private get jobOptions() {
    return {
      attempts: this.options.attempts ?? DEFAULT_ATTEMPTS,
      backoff: { type: 'exponential', delay: this.options.backoffMs ?? DEFAULT_BACKOFF_MS },
      removeOnComplete: { age: KEEP_FINISHED_SECONDS },
      removeOnFail: { age: KEEP_FINISHED_SECONDS },
    };
  }

  constructor(private readonly options: BullMqJobQueueOptions) {
    super();
    this.queueName = options.queueName ?? DEFAULT_QUEUE_NAME;
    this.logger = options.logger ?? new Logger('JobQueue');
    this.connection = new IORedis(options.redisUrl, { maxRetriesPerRequest: null });
    this.queue = new Queue(this.queueName, {
      connection: this.connection,
      prefix: options.prefix ?? 'portal',
      defaultJobOptions: this.jobOptions,
    });
    // While Redis is away the client retries and reports every failed read and write; one line
    // when the connection is lost and one when it is back is enough for the log.
    this.queue.on('error', this.reportOutage('Job queue', this.connection));
  }

  /** A listener that logs the first error of an outage; the connection's 'ready' ends it. */
  private reportOutage(what: string, connection: IORedis): (error: Error) => void {
    let down = false;
    connection.on('ready', () => {
      if (down) this.logger.log(`${what}: Redis is reachable again`);
      down = false;
    });
    return (error) => {
      if (down) return;
      down = true;
      this.logger.error(`${what}: ${error.message} (further errors are not logged until Redis is back)`);
    };
  }

  async enqueue(request: JobRequest): Promise<void> {
    // BullMQ ignores an add whose jobId already exists: that is the idempotency.
    await this.queue.add(request.name, traceJobData(request.data), { jobId: toBullJobId(request.jobId) });
  }

  async schedule(schedule: JobSchedule): Promise<void> {
    nextOccurrence(schedule, new Date());
    // A job scheduler is kept in Redis under its id: upserting it again replaces it, and BullMQ
    // adds one job per occurrence whichever process or worker gets there first.
    await this.queue.upsertJobScheduler(
      schedule.schedulerId,
      { pattern: schedule.pattern, tz: schedule.timeZone },
      { name: schedule.name, data: schedule.data, opts: this.jobOptions },
    );
  }

  async status(jobId: string): Promise<JobStatus | null> {
    // The state, the job's data, then the state again: the data belongs to that state only when
    // both reads agree. One read either side is not enough: state first can pair 'waiting' with the
    // progress of the run that started just after; data first can pair 'completed' with an older
    // progress. A job moving on between the reads is read again.
    const bullId = toBullJobId(jobId);
    for (let attempt = 1; ; attempt += 1) {
      const state = toState(await this.queue.getJobState(bullId));
      if (!state) return null;
      const job = await this.queue.getJob(bullId);
      if (!job) return null;
      const after = toState(await this.queue.getJobState(bullId));
      if (after === state || attempt === STATUS_READS)
        return {
          id: jobId,
          name: job.name,
          state,
          progress: typeof job.progress === 'number' ? job.progress : 0,
          ...(state === 'completed' ? { result: job.returnvalue as unknown } : {}),
          ...(state === 'failed' && job.failedReason ? { failedReason: job.failedReason } : {}),
        };
    }
  }

  override async depth(): Promise<QueueDepth> {
    const counts = await this.queue.getJobCounts(
      'waiting',
      'delayed',
      'prioritized',
      'waiting-children',
      'active',
      'failed',
    );
    const of = (state: string) => counts[state] ?? 0;
    return {
      queue: this.queueName,
      waiting: of('waiting') + of('delayed') + of('prioritized') + of('waiting-children'),
      active: of('active'),
      failed: of('failed'),
    };
  }

  registerProcessor(processor: JobProcessor): void {
    this.processors.set(processor.name, processor);
  }

  async startWorker(): Promise<void> {
    if (this.worker) return;
    assertEveryJobHasAProcessor(this.options.jobNames, this.processors);
    this.workerConnection = new IORedis(this.options.redisUrl, { maxRetriesPerRequest: null });
    this.worker = new Worker(this.queueName, (job: Job) => this.run(job), {
      connection: this.workerConnection,
      prefix: this.options.prefix ?? 'portal',
      concurrency: this.options.concurrency ?? DEFAULT_CONCURRENCY,
    });
    // A failed attempt logged its own line (runJobAttempt); this one is for the others (a stalled job).
    this.worker.on('failed', (job, error) => {
      if (job && !loggedJobFailures.has(error))
        this.logger.error(`Job ${job.name} ${fromBullJobId(job.id ?? '')} failed: ${error.message}`);
    });
    this.worker.on('error', this.reportOutage('Job worker', this.workerConnection));
    await this.worker.waitUntilReady();
  }

  /**
   * Worker.close() lets the running jobs finish first. With Redis away it never resolves (its
   * blocking client waits in ioredis's "reconnecting" state for an end that never comes:
   * taskforcesh/bullmq#4656, open in 6.7.0), so each step has a bound, after which the
   * connections are cut: a process asked to stop during an outage still stops.
   */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    const closedInTime =
      (await settlesWithin(worker?.close(), CLOSE_WAIT_MS)) &&
      (await settlesWithin(this.queue.close(), CLOSE_WAIT_MS));
    for (const connection of [this.workerConnection, this.connection]) {
      if (!connection) continue;
      if (!closedInTime || !(await settlesWithin(connection.quit(), CLOSE_WAIT_MS))) connection.disconnect();
    }
  }

  private async run(job: Job): Promise<unknown> {
    const processor = this.processors.get(job.name);
    if (!processor) throw new UnrecoverableError(`No processor for job ${job.name}`);
    const jobId = fromBullJobId(job.id ?? '');
    const attempt = job.attemptsMade + 1;
    try {
      const result = await runJobAttempt(
        { name: job.name, id: jobId, data: job.data, attempt },
        this.logger,
        (data) =>
          processor.process(data, {
            jobId,
            attempt,
            reportProgress: (percent) => job.updateProgress(clampProgress(percent)),
          }),
      );
      countJob(this.queueName, job.name, 'completed');
      return result;
    } catch (error) {
      countJob(this.queueName, job.name, 'failed');
      if (error instanceof UnrecoverableJobError) {
        const unrecoverable = new UnrecoverableError(error.message);
        loggedJobFailures.add(unrecoverable);
        throw unrecoverable;
      }
      throw error;
    }
  }
}

/** How long each step of close() may wait for Redis. */
const CLOSE_WAIT_MS = 5_000;

/** Whether `work` settled (either way) within `ms`; a rejection counts as settled. */
async function settlesWithin(work: Promise<unknown> | undefined, ms: number): Promise<boolean> {
  if (!work) return true;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      work.then(
        () => true as const,
        () => true as const,
      ),
      expired,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
