import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DomainError } from '../../kernel/domain-error';

/**
 * The process's Prometheus metrics (prom-client), served at `/metrics` (metrics.controller.ts).
 * One registry per process, as Prometheus scrapes processes: the counters are bumped where things
 * happen (the HTTP middleware, the command bus, the event store, the queue adapters, the mailer),
 * and the gauges are read fresh at each scrape (observability-sampler.ts). Every name starts with
 * `portal_`; docs/operations.md lists them.
 */
export const metricsRegistry = new Registry();

let processMetricsOn = false;
/** Node's own metrics (CPU, memory, event loop, GC) under `portal_process_*`/`portal_nodejs_*`, once per process. */
export function collectProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'portal_' });
}

export const httpRequestDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status: how long the answer took',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export const commandsTotal = new Counter({
  name: 'portal_commands_total',
  help: 'Commands run on the CommandBus by type and outcome (succeeded, a refusal code such as validation or conflict, or failed)',
  labelNames: ['command', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const eventsAppendedTotal = new Counter({
  name: 'portal_events_appended_total',
  help: 'Events appended to the event store, by event type',
  labelNames: ['type'] as const,
  registers: [metricsRegistry],
});

export const projectionLag = new Gauge({
  name: 'portal_projection_lag_events',
  help: 'Events in the log a projection has not applied yet (counted up to 10000)',
  labelNames: ['projection'] as const,
  registers: [metricsRegistry],
});

export const outboxBacklog = new Gauge({
  name: 'portal_outbox_backlog_events',
  help: 'Events in the log (the outbox) a reactor has not turned into jobs yet (counted up to 10000)',
  labelNames: ['reactor'] as const,
  registers: [metricsRegistry],
});

export const queueDepth = new Gauge({
  name: 'portal_queue_jobs',
  help: 'Jobs in a queue by state: waiting (incl. delayed retries), active, failed (kept after the last try)',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
});

export const jobsProcessedTotal = new Counter({
  name: 'portal_queue_jobs_processed_total',
  help: 'Job attempts that ended, by queue, job name and outcome (completed or failed; a failed attempt may be retried)',
  labelNames: ['queue', 'job', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const emailsTotal = new Counter({
  name: 'portal_emails_total',
  help: 'E-mails the Mailer sent (delivered, or kept in the outbox without SMTP) and failed to send',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export type JobOutcome = 'completed' | 'failed';

/** A job attempt ended (both queue adapters call it). */
export function countJob(queue: string, job: string, outcome: JobOutcome): void {
  jobsProcessedTotal.inc({ queue, job, outcome });
}

/**
 * Shows the job and e-mail series at 0 before their first event, so a dashboard or an alert on
 * failures sees them from the start.
 */
export function showSeriesAtZero(queue: string, jobs: readonly string[]): void {
  for (const job of jobs) {
    for (const outcome of ['completed', 'failed'] as const)
      jobsProcessedTotal.inc({ queue, job, outcome }, 0);
  }
  for (const outcome of ['sent', 'failed'] as const) emailsTotal.inc({ outcome }, 0);
}

/**
 * Runs a command's handler and counts how it ended in `portal_commands_total`: succeeded, the
 * code of a DomainError that refused it (validation, forbidden, conflict, ...), or failed.
 */
export async function countCommand<R>(command: object, run: () => Promise<R>): Promise<R> {
  const name = command.constructor.name;
  try {
    const result = await run();
    commandsTotal.inc({ command: name, outcome: 'succeeded' });
    return result;
  } catch (error) {
    commandsTotal.inc({ command: name, outcome: error instanceof DomainError ? error.code : 'failed' });
    throw error;
  }
}
