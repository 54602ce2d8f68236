import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DIRECTORY_SYNC_ACTOR, type DirectorySyncResult } from '@portal/contracts';
import { Clock } from '../../../platform/clock/clock';
import type { PortalConfig } from '../../../platform/config/config';
import { PORTAL_CONFIG } from '../../../platform/config/config.provider';
import { systemCaller } from '../../../platform/cqrs';
import { JobQueue, type JobContext } from '../../../platform/queue/job-queue.port';
import { RegisteredJobProcessor } from '../../../platform/queue/registered-job-processor';
import { SyncStaffFromDirectoryCommand } from '../commands/sync-staff-from-directory';

/** The scheduled directory sync: one run per occurrence of DIRECTORY_SYNC_CRON (UTC). */
export const DIRECTORY_SYNC_JOB = 'staff.directory-sync';
export const DIRECTORY_SYNC_SCHEDULER = 'staff-directory-sync';

export type DirectorySyncJob = Record<string, never>;

/**
 * Schedules the run at start when Graph is configured and a schedule is set (every process may: a
 * scheduler id is replaced, not doubled; BullMQ's job scheduler with Redis, the in-process queue's
 * timer otherwise), and runs it as the directory: the job id is the run's correlation. A failed run
 * fails the job, which the queue tries again later; each try resumes from the last recorded run.
 */
@Injectable()
export class DirectorySyncProcessor extends RegisteredJobProcessor<
  DirectorySyncJob,
  DirectorySyncResult | null
> {
  readonly name = DIRECTORY_SYNC_JOB;

  constructor(
    jobs: JobQueue,
    private readonly commands: CommandBus,
    private readonly clock: Clock,
    @Inject(PORTAL_CONFIG) private readonly config: PortalConfig,
  ) {
    super(jobs);
  }

  override onModuleInit(): void {
    super.onModuleInit();
    const pattern = this.config.graph?.syncCron;
    if (!pattern) return;
    this.scheduleAtStart(
      [
        {
          schedulerId: DIRECTORY_SYNC_SCHEDULER,
          name: DIRECTORY_SYNC_JOB,
          data: {},
          pattern,
          timeZone: 'UTC',
        },
      ],
      'directory sync',
      'DirectorySync',
    );
  }

  /** Null when Graph is not configured (a job left from a configured start): nothing to read. */
  async process(_job: DirectorySyncJob, context: JobContext): Promise<DirectorySyncResult | null> {
    if (!this.config.graph) return null;
    const caller = systemCaller({
      actor: DIRECTORY_SYNC_ACTOR,
      commandId: `directory-sync:${context.jobId}`,
      correlationId: context.jobId,
      causationId: null,
      now: this.clock.now(),
    });
    return this.commands.execute(new SyncStaffFromDirectoryCommand(caller, null));
  }
}
