import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { PortalConfig } from '../config/config';
import { PORTAL_CONFIG } from '../config/config.provider';
import { JobQueue } from './job-queue.port';

/**
 * Worker role: starts processing once every module has registered its processors (modules do
 * that in their constructors or onModuleInit, which all run before onApplicationBootstrap).
 * Every role relays kept jobs to the queue. Closes the queue on shutdown in every role, letting
 * running jobs finish.
 */
@Injectable()
export class WorkerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(PORTAL_CONFIG) private readonly config: PortalConfig,
    private readonly jobQueue: JobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Every role relays the jobs it and the others asked for (OutboxJobQueue).
    this.jobQueue.startRelay();
    if (this.config.roles.includes('worker')) await this.jobQueue.startWorker();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.jobQueue.close();
  }
}
