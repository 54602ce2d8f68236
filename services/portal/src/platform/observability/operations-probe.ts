import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { PortalConfig } from '../config/config';
import { PORTAL_CONFIG } from '../config/config.provider';
import type { Database } from '../database/database';
import { DATABASE } from '../database/database.provider';
import { EventStore } from '../event-store/event-store.port';
import { DEFAULT_QUEUE_NAME } from '../queue/job-queue.options';
import { JobQueue } from '../queue/job-queue.port';
import { ContextRegistry } from '../registry/context-registry';
import { eventsBehind } from './log-lag';
import { outboxBacklog, projectionLag, queueDepth, showSeriesAtZero } from './metrics';

const REACTOR_CHECKPOINT_PREFIX = 'reactor:';

/**
 * Reads what the gauges of `/metrics` and the lag check of `/health/ready` show: how far each
 * projection and each reactor is behind the log (a reactor's unread events are the outbox's
 * backlog: the event log is the outbox, docs/decisions/0212-health-metrics-and-logs.md), and the
 * queue's depth.
 */
@Injectable()
export class OperationsProbe implements OnApplicationBootstrap {
  private readonly logger = new Logger('Metrics');

  constructor(
    @Inject(PORTAL_CONFIG) private readonly config: PortalConfig,
    @Inject(DATABASE) private readonly db: Database,
    private readonly eventStore: EventStore,
    private readonly jobQueue: JobQueue,
    private readonly registry: ContextRegistry,
  ) {}

  /** Every job's and e-mail's series shows from the start (at 0), once the contexts registered their jobs. */
  onApplicationBootstrap(): void {
    showSeriesAtZero(DEFAULT_QUEUE_NAME, this.registry.jobNames);
  }

  /**
   * Events each registered projection has not applied yet (up to LAG_COUNT_LIMIT), leaving out
   * those being built or rebuilt beside their live tables (a version this code has not swapped in
   * yet): their live tables answer from a checkpoint that stands still until the swap.
   */
  projectionLag(): Promise<Map<string, number>> {
    return eventsBehind(
      this.db,
      this.eventStore,
      !this.config.eventStoreUrl,
      this.registry.projectionNames,
      this.registry.projections,
    );
  }

  /** Sets the gauges from what the database and the queue hold now; counters need no refresh. */
  async refreshGauges(): Promise<void> {
    const reactors = this.registry.reactors.map((r) => `${REACTOR_CHECKPOINT_PREFIX}${r.name}`);
    const [lags, depth] = await Promise.all([
      this.behind([...this.registry.projectionNames, ...reactors]).catch((error: unknown) => {
        this.logger.warn(`Could not read the projections' lag: ${messageOf(error)}`);
        return null;
      }),
      this.jobQueue.depth().catch((error: unknown) => {
        this.logger.warn(`Could not read the queue's depth: ${messageOf(error)}`);
        return null;
      }),
    ]);
    if (lags) {
      projectionLag.reset();
      outboxBacklog.reset();
      for (const [name, events] of lags) {
        if (name.startsWith(REACTOR_CHECKPOINT_PREFIX)) {
          outboxBacklog.set({ reactor: name.slice(REACTOR_CHECKPOINT_PREFIX.length) }, events);
        } else {
          projectionLag.set({ projection: name }, events);
        }
      }
    }
    if (depth) {
      for (const state of ['waiting', 'active', 'failed'] as const) {
        queueDepth.set({ queue: depth.queue, state }, depth[state]);
      }
    }
  }

  private behind(names: readonly string[]): Promise<Map<string, number>> {
    return eventsBehind(this.db, this.eventStore, !this.config.eventStoreUrl, names);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
