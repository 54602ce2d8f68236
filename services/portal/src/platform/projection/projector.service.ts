import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { PortalConfig } from '../config/config';
import { PORTAL_CONFIG } from '../config/config.provider';
import { DATABASE_HANDLE } from '../database/database.provider';
import type { DatabaseHandle } from '../database/database';
import { EventStore } from '../event-store/event-store.port';
import { JobQueue } from '../queue/job-queue.port';
import { CheckpointSignal } from './checkpoint-signal';
import { LogTail } from './log-tail';
import type { Projection, Reactor } from './projection';
import { ProjectionRunner } from './projection-runner';
import { PROJECTIONS, REACTORS } from './projection.tokens';
import { ReactorRunner } from './reactor-runner';

/**
 * Projector role: runs the projections and reactors the contexts registered after bootstrap, and
 * stops them first on shutdown (onModuleDestroy comes before the queue and the database close).
 */
@Injectable()
export class ProjectorService implements OnApplicationBootstrap, OnModuleDestroy {
  private projectionRunner: ProjectionRunner | null = null;
  private reactorRunner: ReactorRunner | null = null;

  constructor(
    @Inject(PORTAL_CONFIG) private readonly config: PortalConfig,
    @Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle,
    private readonly eventStore: EventStore,
    private readonly jobQueue: JobQueue,
    private readonly signal: CheckpointSignal,
    @Inject(PROJECTIONS) private readonly projections: readonly Projection[],
    @Inject(REACTORS) private readonly reactors: readonly Reactor[],
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.roles.includes('projector')) return;
    // One subscription to the log wakes both runners.
    const tail = new LogTail(this.eventStore);
    const common = { handle: this.handle, eventStore: this.eventStore, db: this.handle.db, tail };
    this.projectionRunner = new ProjectionRunner({
      ...common,
      projections: this.projections,
      signal: this.signal,
    });
    this.reactorRunner = new ReactorRunner({ ...common, reactors: this.reactors, jobQueue: this.jobQueue });
    this.projectionRunner.start();
    this.reactorRunner.start();
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.projectionRunner?.stop(), this.reactorRunner?.stop()]);
    this.projectionRunner = null;
    this.reactorRunner = null;
  }
}
