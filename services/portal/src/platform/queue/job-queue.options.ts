import { CronExpressionParser } from 'cron-parser';
import type { JobProcessor, JobSchedule } from './job-queue.port';

/** What both adapters share, so they behave the same. */
export interface JobQueueOptions {
  /** Every job name the app enqueues (registered by the contexts): the worker refuses to start without a processor for each. */
  readonly jobNames: readonly string[];
  /** Tries per job, the first included. */
  readonly attempts?: number;
  /** Wait before the first retry; doubles per retry. */
  readonly backoffMs?: number;
  /** Jobs run at the same time by one worker. */
  readonly concurrency?: number;
  readonly logger?: { error(message: string): void; log(message: string): void };
}

/** The queue's name: BullMQ's queue, and the `queue` label of both adapters' metrics. */
export const DEFAULT_QUEUE_NAME = 'portal-jobs';
export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 1000;
export const DEFAULT_CONCURRENCY = 4;

/** Throws naming every job without a processor (STYLE 9: the app refuses to start). */
export function assertEveryJobHasAProcessor(
  jobNames: readonly string[],
  processors: ReadonlyMap<string, JobProcessor>,
): void {
  const missing = jobNames.filter((name) => !processors.has(name));
  if (missing.length > 0) {
    throw new Error(`The worker cannot start: no processor is registered for ${missing.join(', ')}`);
  }
}

export function clampProgress(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.max(0, Math.min(100, Math.round(percent)));
}

/**
 * The first instant after `after` that the schedule's cron pattern names in its time zone. Throws
 * naming the schedule when the pattern or the time zone cannot be read (both adapters refuse it).
 */
export function nextOccurrence(
  schedule: Pick<JobSchedule, 'schedulerId' | 'pattern' | 'timeZone'>,
  after: Date,
): Date {
  try {
    new Intl.DateTimeFormat('en', { timeZone: schedule.timeZone });
  } catch {
    throw new Error(`The job schedule ${schedule.schedulerId}: ${schedule.timeZone} is no IANA time zone`);
  }
  try {
    return CronExpressionParser.parse(schedule.pattern, {
      currentDate: after,
      tz: schedule.timeZone,
      strict: false,
    })
      .next()
      .toDate();
  } catch {
    throw new Error(`The job schedule ${schedule.schedulerId}: '${schedule.pattern}' is no cron pattern`);
  }
}
