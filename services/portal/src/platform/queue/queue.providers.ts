import type { Provider } from '@nestjs/common';
import { PORTAL_CONFIG } from '../config/config.provider';
import type { PortalConfig } from '../config/config';
import { DATABASE } from '../database/database.provider';
import type { Database } from '../database/database';
import { ContextRegistry } from '../registry/context-registry';
import { createJobQueue } from './create-job-queue';
import { JobQueue } from './job-queue.port';
import { WorkerService } from './worker.service';

/** The JobQueue (BullMQ or in-process) and the worker role. */
export const queueProviders = [
  {
    provide: JobQueue,
    useFactory: (config: PortalConfig, db: Database, registry: ContextRegistry) =>
      createJobQueue(config, db, { jobNames: registry.jobNames }),
    inject: [PORTAL_CONFIG, DATABASE, ContextRegistry],
  },
  { provide: WorkerService, useClass: WorkerService },
] satisfies Provider[];
