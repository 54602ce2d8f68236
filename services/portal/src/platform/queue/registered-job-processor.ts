import type { OnModuleInit } from '@nestjs/common';
import type { JobContext, JobProcessor, JobQueue } from './job-queue.port';

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
}
