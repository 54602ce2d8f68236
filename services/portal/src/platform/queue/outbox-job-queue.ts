import { Logger } from '@nestjs/common';
import { sql } from 'kysely';
import type { Database } from '../database/database';
import { JOB_OUTBOX_CHANNEL, notificationsOf, type Notifications } from '../database/notifications';
import { traceJobData } from '../telemetry/tracing';
import { DEFAULT_QUEUE_NAME } from './job-queue.options';
import {
  JobQueue,
  type JobProcessor,
  type JobRequest,
  type JobSchedule,
  type JobStatus,
  type QueueDepth,
} from './job-queue.port';

export interface OutboxJobQueueOptions {
  /**
   * How often the relay looks for jobs kept by other processes (and for ones it could not hand
   * over) while no NOTIFY can wake it (the listening connection is down, or there is none).
   */
  readonly pollMs?: number;
  /** The safety poll while NOTIFY wakes the relay (a notification lost is found this late). */
  readonly notifiedPollMs?: number;
  /** Where kept jobs are announced; default the database's own (null: none, poll only). */
  readonly notifications?: Notifications | null;
  /** Jobs handed over per round. */
  readonly batchSize?: number;
  /** How long `status` waits for the queue before answering 'waiting' (Redis away). */
  readonly statusWaitMs?: number;
  readonly logger?: { error(message: string): void; log(message: string): void };
}

const DEFAULT_POLL_MS = 500;
const DEFAULT_NOTIFIED_POLL_MS = 30_000;
const DEFAULT_BATCH_SIZE = 100;
const DEFAULT_STATUS_WAIT_MS = 2000;

/**
 * A job asked for is kept in PostgreSQL (`job_outbox`) first and handed to the queue behind it
 * (BullMQ) by a relay, so asking never waits on Redis: while Redis is away commands and reactors
 * go on, and the jobs they asked for go out once it is back. Every process relays (any number of
 * replicas): two relays handing over the same job is harmless, as the queue keeps one job per id.
 * A job is marked relayed only after the queue took it; one kept but never handed over (a process
 * killed in between) is handed over by the next round of any process. A kept job is announced by
 * NOTIFY (at commit, in the same round trip), which wakes the relays of every process; while the
 * listening connection is up they poll only every `notifiedPollMs`, so an idle process does not
 * ask the table twice a second.
 */
export class OutboxJobQueue extends JobQueue {
  private readonly logger: { error(message: string): void; log(message: string): void };
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private failing = false;
  private lastRound = Number.NEGATIVE_INFINITY;
  private unlisten: (() => void) | null = null;
  private readonly notifications: Notifications | undefined;

  constructor(
    private readonly db: Database,
    readonly inner: JobQueue,
    private readonly options: OutboxJobQueueOptions = {},
  ) {
    super();
    this.logger = options.logger ?? new Logger('JobOutbox');
    this.notifications =
      options.notifications === null ? undefined : (options.notifications ?? notificationsOf(db));
  }

  async enqueue(request: JobRequest): Promise<void> {
    // The data carries the asking span on (platform/telemetry), through the relay to the worker.
    // The same job id asked for again is kept once (that is the idempotency) and announced once.
    await sql`
      with kept as (
        insert into job_outbox (job_id, name, data)
        values (${request.jobId}, ${request.name}, ${JSON.stringify(traceJobData(request.data) ?? null)}::jsonb)
        on conflict (job_id) do nothing
        returning job_id)
      select pg_notify(${JOB_OUTBOX_CHANNEL}, '') from kept`.execute(this.db);
    if (this.timer !== null) this.kick();
  }

  schedule(schedule: JobSchedule): Promise<void> {
    return this.inner.schedule(schedule);
  }

  /**
   * The queue's depth with the jobs kept but not handed over yet counted as waiting. While Redis is
   * away (no answer within `statusWaitMs`) only those are known: the queue behind counts as empty.
   * A job handed over while the two are counted would count twice: the outbox is counted again
   * after the queue, and the count taken again when a hand-over came between (a few times at most).
   */
  override async depth(): Promise<QueueDepth | null> {
    let kept = await this.keptCount();
    let inner: QueueDepth | null | 'away' = null;
    for (let round = 0; round < 3; round++) {
      inner = await this.withinStatusWait(this.inner.depth());
      const keptAfter = await this.keptCount();
      if (keptAfter === kept) break;
      kept = keptAfter;
    }
    const behind = inner === 'away' || inner === null ? null : inner;
    return {
      queue: behind?.queue ?? DEFAULT_QUEUE_NAME,
      waiting: kept + (behind?.waiting ?? 0),
      active: behind?.active ?? 0,
      failed: behind?.failed ?? 0,
    };
  }

  async status(jobId: string): Promise<JobStatus | null> {
    const kept = await this.db
      .selectFrom('job_outbox')
      .select(['name', 'relayed_at'])
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    // Every job is asked for through here: one not kept was never asked for.
    if (!kept) return null;
    const waiting: JobStatus = { id: jobId, name: kept.name, state: 'waiting', progress: 0 };
    // Kept but not handed over yet: waiting (the queue cannot know it, and may be away).
    if (kept.relayed_at === null) return waiting;
    // Handed over: the queue knows. While Redis is away it cannot answer; the job is then shown
    // as waiting (it is kept in Redis, and runs once Redis is back) instead of holding the request.
    const answer = await this.withinStatusWait(this.inner.status(jobId));
    return answer === 'away' ? waiting : answer;
  }

  private async keptCount(): Promise<number> {
    const { rows } = await sql<{ kept: number }>`
      select count(*)::int as kept from job_outbox where relayed_at is null`.execute(this.db);
    return rows[0]?.kept ?? 0;
  }

  /** The queue's answer, or 'away' when it gives none within `statusWaitMs` (Redis away). */
  private async withinStatusWait<T>(asked: Promise<T>): Promise<T | 'away'> {
    let timer: NodeJS.Timeout | undefined;
    const away = new Promise<'away'>((resolve) => {
      timer = setTimeout(() => resolve('away'), this.options.statusWaitMs ?? DEFAULT_STATUS_WAIT_MS);
    });
    try {
      return await Promise.race([asked, away]);
    } finally {
      clearTimeout(timer);
    }
  }

  registerProcessor(processor: JobProcessor): void {
    this.inner.registerProcessor(processor);
  }

  startWorker(): Promise<void> {
    return this.inner.startWorker();
  }

  override startRelay(): void {
    if (this.timer !== null || this.stopped) return;
    this.unlisten =
      this.notifications?.listen(JOB_OUTBOX_CHANNEL, {
        notify: () => this.kick(),
        resumed: () => this.kick(),
      }) ?? null;
    this.timer = setInterval(() => this.poll(), this.options.pollMs ?? DEFAULT_POLL_MS);
    this.kick();
  }

  /** The safety poll: every `pollMs` without notifications, every `notifiedPollMs` with them. */
  private poll(): void {
    const every = this.notifications?.healthy()
      ? (this.options.notifiedPollMs ?? DEFAULT_NOTIFIED_POLL_MS)
      : (this.options.pollMs ?? DEFAULT_POLL_MS);
    if (this.failing || performance.now() - this.lastRound >= every) this.kick();
  }

  /** Hands over every kept job now (tests); resolves once none is left or the queue failed. */
  async relayNow(): Promise<number> {
    let total = 0;
    for (;;) {
      const handed = await this.relayBatch();
      total += handed;
      if (handed === 0) return total;
    }
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.unlisten?.();
    this.unlisten = null;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.inner.close();
  }

  /** One relay at a time per process; a kick while it runs makes it go round once more. */
  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.lastRound = performance.now();
    this.running = (async () => {
      do {
        this.again = false;
        try {
          while (!this.stopped && (await this.relayBatch()) > 0);
          if (this.failing) this.logger.log('Relaying jobs to the queue again');
          this.failing = false;
        } catch (error) {
          // The queue (or the database) is away: the jobs stay kept; the next poll tries again.
          if (!this.failing) {
            const reason = error instanceof Error ? error.message : String(error);
            this.logger.error(`Could not relay jobs to the queue: ${reason} (retrying)`);
          }
          this.failing = true;
          return;
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
  }

  /** Hands over the oldest kept jobs; the number handed over. */
  private async relayBatch(): Promise<number> {
    const rows = await this.db
      .selectFrom('job_outbox')
      .select(['job_id', 'name', 'data'])
      .where('relayed_at', 'is', null)
      .orderBy('created_at')
      .limit(this.options.batchSize ?? DEFAULT_BATCH_SIZE)
      .execute();
    if (rows.length === 0) return 0;
    // No transaction is held open meanwhile: a BullMQ add waits for Redis to come back, and an
    // open transaction would hold back the gap-safe reads of the log.
    for (const row of rows) {
      await this.inner.enqueue({ name: row.name, jobId: row.job_id, data: row.data });
    }
    await this.db
      .updateTable('job_outbox')
      .set({ relayed_at: sql<Date>`now()` })
      .where(
        'job_id',
        'in',
        rows.map((row) => row.job_id),
      )
      .where('relayed_at', 'is', null)
      .execute();
    return rows.length;
  }
}
