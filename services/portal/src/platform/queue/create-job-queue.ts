import type { PortalConfig } from '../config/config';
import type { Database } from '../database/database';
import { BullMqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import type { JobQueue } from './job-queue.port';
import type { JobQueueOptions } from './job-queue.options';
import { OutboxJobQueue } from './outbox-job-queue';

/**
 * BullMQ when REDIS_URL is set (jobs kept in PostgreSQL first and relayed to it, so asking for a
 * job never waits on Redis), otherwise the in-process queue over the `jobs` table.
 */
export function createJobQueue(
  config: Pick<PortalConfig, 'redisUrl'>,
  db: Database,
  options: JobQueueOptions,
): JobQueue {
  if (config.redisUrl) {
    return new OutboxJobQueue(db, new BullMqJobQueue({ ...options, redisUrl: config.redisUrl }));
  }
  return new InProcessJobQueue({ ...options, db });
}
