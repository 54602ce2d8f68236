import { Logger, type OnModuleInit } from '@nestjs/common';
import type { JobContext, JobProcessor, JobQueue, JobSchedule } from './job-queue.port';

/**
 * A context's job processor: it registers itself with the queue when its module starts, so the
 * worker has a processor for every job name the contexts enqueue. A subclass names its job and
 * processes it; its constructor hands the queue to this one.
 */
export abstract class RegisteredJobProcessor<TData, TResult>
  implements JobProcessor<TData, TResult>, OnModuleInit
{
  abstract readonly name: string;

  protected constructor(protected readonly jobs: JobQueue) {}

  onModuleInit(): void {
    this.jobs.registerProcessor(this);
  }

  abstract process(data: TData, context: JobContext): Promise<TResult>;

  /**
   * Adds (or replaces) a repeatable job of this processor's, from `onModuleInit`. Not awaited: with
   * Redis away the start would wait for it; BullMQ adds it once it is back. A failure is logged as
   * `Could not schedule {what}` under `logContext`.
   */
  protected scheduleAtStart(schedules: readonly JobSchedule[], what: string, logContext: string): void {
    const all = async () => {
      for (const schedule of schedules) await this.jobs.schedule(schedule);
    };
    void all().catch((error: unknown) =>
      new Logger(logContext).error(
        `Could not schedule ${what}: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }
}
