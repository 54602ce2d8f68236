import type { PortalConfig } from '../config/config';
import type { Database } from '../database/database';
import { BullMqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import type { JobQueue } from './job-queue.port';
import type { JobQueueOptions } from './job-queue.options';

/** BullMQ when REDIS_URL is set, otherwise the in-process queue over the `jobs` table. */
export function createJobQueue(
  config: Pick<PortalConfig, 'redisUrl'>,
  db: Database,
  options: JobQueueOptions,
): JobQueue {
  if (config.redisUrl) return new BullMqJobQueue({ ...options, redisUrl: config.redisUrl });
  return new InProcessJobQueue({ ...options, db });
}
