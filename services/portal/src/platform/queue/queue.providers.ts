import type { Provider } from '@nestjs/common';
import { JOB_NAMES } from '../../app/jobs';
import { PORTAL_CONFIG } from '../config/config.provider';
import type { PortalConfig } from '../config/config';
import { DATABASE } from '../database/database.provider';
import type { Database } from '../database/database';
import { createJobQueue } from './create-job-queue';
import { JobQueue } from './job-queue.port';
import { WorkerService } from './worker.service';

/** The JobQueue (BullMQ or in-process) and the worker role. */
export const queueProviders = [
  {
    provide: JobQueue,
    useFactory: (config: PortalConfig, db: Database) => createJobQueue(config, db, { jobNames: JOB_NAMES }),
    inject: [PORTAL_CONFIG, DATABASE],
  },
  { provide: WorkerService, useClass: WorkerService },
] satisfies Provider[];
