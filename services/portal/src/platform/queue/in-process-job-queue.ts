import { Logger } from '@nestjs/common';
import { sql } from 'kysely';
import type { Database } from '../database/database';
import { traceJobData } from '../telemetry/tracing';
import { loggedJobFailures, runJobAttempt } from './run-job';
import { JOBS_CHANNEL, notificationsOf, type Notifications } from '../database/notifications';
import { countJob } from '../observability/metrics';
import {
  JobQueue,
  UnrecoverableJobError,
  type JobProcessor,
  type JobRequest,
  type JobSchedule,
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

export interface InProcessJobQueueOptions extends JobQueueOptions {
  readonly db: Database;
  /**
   * How often an idle worker looks for jobs when nothing woke it, while notifications cannot be
   * trusted. An enqueue in this process wakes it at once, one in another process through NOTIFY
   * `portal_jobs`, and a retry or an expired lease when it falls due. Default 1000 ms.
   */
  readonly pollMs?: number;
  /** The same while NOTIFY wake-ups arrive: only a safety net for a lost one. Default 30,000 ms. */
  readonly notifiedPollMs?: number;
  /** Where wake-ups come from; by default the notifications of the handle `db` was opened with. */
  readonly notifications?: Notifications | null;
  /** A running job's lease; renewed while it runs, so a job whose worker died runs again after it. */
  readonly leaseMs?: number;
}

interface ClaimedJob {
  id: string;
  name: string;
  data: unknown;
  attempts_made: number;
  max_attempts: number;
}

/**
 * The embedded default (no REDIS_URL): the same processors, jobId idempotency, retries with
 * exponential backoff and progress as BullMQ, with the jobs kept in the `jobs` table so a
 * restart loses none.
 */
export class InProcessJobQueue extends JobQueue {
  private readonly processors = new Map<string, JobProcessor>();
  private readonly running = new Set<Promise<void>>();
  private readonly db: Database;
  private readonly logger: { error(message: string): void; log(message: string): void };
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  /** Set by a wake-up that came while the loop was not waiting (so its next wait is skipped). */
  private nudged = false;
  private readonly notifications: Notifications | undefined;
  private unlisten: (() => void) | null = null;
  /** Repeatable jobs by scheduler id, with the timer of each one's next occurrence while working. */
  private readonly schedules = new Map<string, { schedule: JobSchedule; timer: NodeJS.Timeout | null }>();

  constructor(private readonly options: InProcessJobQueueOptions) {
    super();
    this.db = options.db;
    this.logger = options.logger ?? new Logger('JobQueue');
    this.notifications =
      options.notifications === null ? undefined : (options.notifications ?? notificationsOf(options.db));
  }

  async enqueue(request: JobRequest): Promise<void> {
    // A new job notifies workers in other processes (at commit, in the same round trip).
    await sql`
      with inserted as (
        insert into jobs (id, name, data, max_attempts)
        values (${request.jobId}, ${request.name}, ${JSON.stringify(traceJobData(request.data) ?? null)}::jsonb,
                ${this.options.attempts ?? DEFAULT_ATTEMPTS})
        on conflict (id) do nothing
        returning id)
      select pg_notify(${JOBS_CHANNEL}, '') from inserted`.execute(this.db);
    this.nudge();
  }

  async schedule(schedule: JobSchedule): Promise<void> {
    nextOccurrence(schedule, new Date());
    this.disarm(schedule.schedulerId);
    this.schedules.set(schedule.schedulerId, { schedule, timer: null });
    if (this.loop) this.arm(schedule.schedulerId, new Date());
  }

  /**
   * Sets the timer of the schedule's next occurrence after `after`. An occurrence is enqueued as an
   * ordinary job whose id is the scheduler id and the instant, so workers in several processes that
   * hold the same schedule add it once (the `jobs` table's key) and it runs once.
   */
  private arm(schedulerId: string, after: Date): void {
    const entry = this.schedules.get(schedulerId);
    if (!entry || this.stopping) return;
    const at = nextOccurrence(entry.schedule, after);
    // Timers hold at most about 24 days; a far occurrence is looked at again within the hour.
    const waitMs = Math.min(Math.max(0, at.getTime() - Date.now()), 3_600_000);
    entry.timer = setTimeout(() => {
      entry.timer = null;
      if (Date.now() < at.getTime()) return this.arm(schedulerId, new Date());
      const { name, data } = entry.schedule;
      void this.enqueue({ name, data, jobId: `${schedulerId}@${at.toISOString()}` })
        .catch((error) =>
          this.logger.error(`Job schedule ${schedulerId}: could not add its job: ${messageOf(error)}`),
        )
        .finally(() => {
          // Unless the schedule was replaced meanwhile (its replacement is armed already).
          if (this.schedules.get(schedulerId) === entry) this.arm(schedulerId, at);
        });
    }, waitMs);
  }

  private disarm(schedulerId: string): void {
    const timer = this.schedules.get(schedulerId)?.timer;
    if (timer) clearTimeout(timer);
  }

  async status(jobId: string): Promise<JobStatus | null> {
    const row = await this.db
      .selectFrom('jobs')
      .select(['id', 'name', 'state', 'progress', 'result', 'failed_reason'])
      .where('id', '=', jobId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      state: row.state,
      progress: Number(row.progress),
      ...(row.state === 'completed' ? { result: row.result ?? undefined } : {}),
      ...(row.state === 'failed' && row.failed_reason ? { failedReason: row.failed_reason } : {}),
    };
  }

  override async depth(): Promise<QueueDepth> {
    const { rows } = await sql<{ state: string; jobs: string }>`
      select state, count(*)::text as jobs from jobs where state <> 'completed' group by state`.execute(
      this.db,
    );
    const of = (state: string) => Number(rows.find((row) => row.state === state)?.jobs ?? 0);
    return { queue: DEFAULT_QUEUE_NAME, waiting: of('waiting'), active: of('active'), failed: of('failed') };
  }

  registerProcessor(processor: JobProcessor): void {
    this.processors.set(processor.name, processor);
  }

  async startWorker(): Promise<void> {
    if (this.loop) return;
    assertEveryJobHasAProcessor(this.options.jobNames, this.processors);
    this.stopping = false;
    this.unlisten =
      this.notifications?.listen(JOBS_CHANNEL, {
        notify: () => this.nudge(),
        resumed: () => this.nudge(),
      }) ?? null;
    this.loop = this.work();
    const now = new Date();
    for (const schedulerId of this.schedules.keys()) this.arm(schedulerId, now);
  }

  async close(): Promise<void> {
    this.stopping = true;
    for (const schedulerId of this.schedules.keys()) this.disarm(schedulerId);
    this.unlisten?.();
    this.unlisten = null;
    this.nudge();
    await this.loop;
    this.loop = null;
    await Promise.all([...this.running]);
  }

  private async work(): Promise<void> {
    const concurrency = this.options.concurrency ?? DEFAULT_CONCURRENCY;
    while (!this.stopping) {
      this.nudged = false;
      let claimed: ClaimedJob | null = null;
      if (this.running.size < concurrency) {
        try {
          claimed = await this.claim();
        } catch (error) {
          this.logger.error(`Job queue: could not claim a job: ${messageOf(error)}`);
        }
      }
      if (claimed) {
        const run = this.run(claimed).finally(() => {
          this.running.delete(run);
          this.nudge();
        });
        this.running.add(run);
        continue;
      }
      await this.idle(this.running.size < concurrency);
    }
  }

  /**
   * Waits for a wake-up (an enqueue, a NOTIFY, a finished job), for the next retry or expired
   * lease to fall due, or for the safety poll, whichever comes first. `lookAhead` asks the table
   * when the next job falls due (pointless while every slot is busy).
   */
  private async idle(lookAhead: boolean): Promise<void> {
    let waitMs = this.notifications?.healthy()
      ? (this.options.notifiedPollMs ?? 30_000)
      : (this.options.pollMs ?? 1000);
    if (lookAhead) {
      const dueInMs = await this.nextDueInMs().catch(() => null);
      if (dueInMs !== null) waitMs = Math.min(waitMs, Math.max(0, dueInMs));
    }
    if (this.stopping || this.nudged) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, waitMs);
      this.wake = done;
    });
  }

  private nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  /** Milliseconds until a waiting job's run_at or an active job's lease end; null when there is none. */
  private async nextDueInMs(): Promise<number | null> {
    const { rows } = await sql<{ due_in_ms: number | string | null }>`
      select ceil(extract(epoch from (min(due) - now())) * 1000)::float8 as due_in_ms
        from (select run_at as due from jobs where state = 'waiting'
              union all
              select locked_until from jobs where state = 'active') d`.execute(this.db);
    const due = rows[0]?.due_in_ms;
    return due === null || due === undefined ? null : Number(due);
  }

  private async claim(): Promise<ClaimedJob | null> {
    const leaseMs = this.options.leaseMs ?? 30_000;
    const result = await sql<ClaimedJob>`
      update jobs
         set state = 'active',
             attempts_made = attempts_made + 1,
             locked_until = now() + ${leaseMs} * interval '1 millisecond'
       where id = (
         select id from jobs
          where (state = 'waiting' and run_at <= now())
             or (state = 'active' and locked_until < now())
          order by run_at, created_at
          limit 1
          for update skip locked)
      returning id, name, data, attempts_made, max_attempts`.execute(this.db);
    return result.rows[0] ?? null;
  }

  private async run(job: ClaimedJob): Promise<void> {
    const leaseMs = this.options.leaseMs ?? 30_000;
    const heartbeat = setInterval(() => {
      void sql`update jobs set locked_until = now() + ${leaseMs} * interval '1 millisecond'
                where id = ${job.id} and state = 'active'`
        .execute(this.db)
        .catch(() => undefined);
    }, leaseMs / 3);
    try {
      const processor = this.processors.get(job.name);
      if (!processor) throw new UnrecoverableJobError(`No processor for job ${job.name}`);
      const attempt = { name: job.name, id: job.id, data: job.data, attempt: job.attempts_made };
      const result = await runJobAttempt(attempt, this.logger, (data) =>
        processor.process(data, {
          jobId: job.id,
          attempt: job.attempts_made,
          reportProgress: async (percent) => {
            await this.db
              .updateTable('jobs')
              .set({ progress: clampProgress(percent) })
              .where('id', '=', job.id)
              .execute();
          },
        }),
      );
      await sql`update jobs set state = 'completed', result = ${JSON.stringify(result ?? null)}::jsonb,
                  locked_until = null, finished_at = now()
                where id = ${job.id}`.execute(this.db);
      countJob(DEFAULT_QUEUE_NAME, job.name, 'completed');
    } catch (error) {
      countJob(DEFAULT_QUEUE_NAME, job.name, 'failed');
      await this.fail(job, error).catch((saveError) =>
        this.logger.error(`Job ${job.name} ${job.id}: could not record its failure: ${messageOf(saveError)}`),
      );
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async fail(job: ClaimedJob, error: unknown): Promise<void> {
    const reason = messageOf(error);
    const final = error instanceof UnrecoverableJobError || job.attempts_made >= job.max_attempts;
    // runJobAttempt logged the failure, but not a job without a processor.
    if (!loggedJobFailures.has(error as object))
      this.logger.error(`Job ${job.name} ${job.id} failed (attempt ${job.attempts_made}): ${reason}`);
    if (final) {
      await sql`update jobs set state = 'failed', failed_reason = ${reason}, locked_until = null,
                  finished_at = now()
                where id = ${job.id}`.execute(this.db);
      return;
    }
    const delayMs = (this.options.backoffMs ?? DEFAULT_BACKOFF_MS) * 2 ** (job.attempts_made - 1);
    await sql`update jobs set state = 'waiting', failed_reason = ${reason}, locked_until = null,
                run_at = now() + ${delayMs} * interval '1 millisecond'
              where id = ${job.id}`.execute(this.db);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
