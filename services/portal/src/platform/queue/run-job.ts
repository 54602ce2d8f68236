import { performance } from 'node:perf_hooks';
import { withCause, withoutCause } from '../telemetry/cause';
import { inSpan, SpanKind, untraceJobData } from '../telemetry/tracing';

/** The lines a queue logs about its jobs. */
export interface JobLog {
  log(message: string): void;
  error(message: string): void;
}

/** Errors whose job already logged its failure here; a queue's own failure listener skips them. */
export const loggedJobFailures = new WeakSet<object>();

/**
 * Runs one attempt of a job as both queues do: inside a span that continues the trace of what
 * enqueued it, holding the cause it was enqueued under (so every line the job logs carries the
 * correlation and causation ids, and the trace ids), and ending with one line: completed (info) or
 * failed (error), with the job's name, id and duration.
 */
export async function runJobAttempt<T>(
  job: { readonly name: string; readonly id: string; readonly data: unknown; readonly attempt: number },
  log: JobLog,
  work: (data: unknown) => Promise<T>,
): Promise<T> {
  const { data, parent, cause } = untraceJobData(job.data);
  const attempt = () =>
    inSpan(`job ${job.name}`, { kind: SpanKind.CONSUMER, parent }, async () => {
      const started = performance.now();
      const took = () => `${Math.round(performance.now() - started)} ms`;
      try {
        const result = await work(data);
        log.log(`Job ${job.name} ${job.id} completed in ${took()}`);
        return result;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log.error(`Job ${job.name} ${job.id} failed in ${took()} (attempt ${job.attempt}): ${reason}`);
        if (typeof error === 'object' && error !== null) loggedJobFailures.add(error);
        throw error;
      }
    });
  // The worker may have been woken inside other work (an enqueue in a command): never its cause.
  return cause ? withCause(cause, attempt, true) : withoutCause(attempt);
}
