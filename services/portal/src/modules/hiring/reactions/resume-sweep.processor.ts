import { Injectable } from '@nestjs/common';
import { Clock } from '../../../platform/clock/clock';
import type { PortalConfig } from '../../../platform/config/config';
import { InjectConfig } from '../../../platform/config/config.provider';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { JobQueue, type JobContext } from '../../../platform/queue/job-queue.port';
import { RegisteredJobProcessor } from '../../../platform/queue/registered-job-processor';
import { resumeStorageKey } from '../domain/candidate';
import { resumeDecider, resumeStreamId, UNATTACHED_RESUME_KEPT_MS } from '../domain/resume';
import { UnattachedResumes, type UnattachedResume } from '../queries/unattached-resumes';

/** The hourly job that discards the uploads no candidate named within a day. */
export const RESUME_SWEEP_JOB = 'hiring.resume-sweep';
/** Its job scheduler: at minute 0 of every hour. */
export const RESUME_SWEEP_SCHEDULER = 'hiring-resume-sweep';
export const RESUME_SWEEP_PATTERN = '0 * * * *';
/** The actor of its events: the portal itself (id `system`, as the demo seed's), named for the job. */
export const RESUME_SWEEP_ACTOR = { id: 'system', name: 'Resume sweep' } as const;
/** The most uploads one run discards; the next hour's run takes the rest. */
export const RESUME_SWEEP_BATCH = 500;

export type ResumeSweepJob = Record<string, never>;

export interface ResumeSweepResult {
  /** The uploads this run discarded (an upload discarded already, or named meanwhile, is not counted). */
  readonly discarded: number;
}

/**
 * Finds the uploads no candidate named and more than a day old at the injected Clock's "now" (read
 * model `resumes`), and for each lets the resume's stream decide (`DiscardResume`): a candidate that
 * named it meanwhile keeps it. A discard appends `ResumeDiscarded` first (from then on no candidate
 * can name it), then deletes the file. Its command id derives from the resume, so a second run, a
 * second worker or a retry appends nothing twice; deleting a file already gone is no error.
 */
@Injectable()
export class ResumeSweepProcessor extends RegisteredJobProcessor<ResumeSweepJob, ResumeSweepResult> {
  readonly name = RESUME_SWEEP_JOB;

  constructor(
    jobs: JobQueue,
    private readonly clock: Clock,
    private readonly store: EventStore,
    private readonly storage: FileStorage,
    private readonly resumes: UnattachedResumes,
    @InjectConfig() private readonly config: PortalConfig,
  ) {
    super(jobs);
  }

  override onModuleInit(): void {
    super.onModuleInit();
    if (!this.config.resumeSweepEnabled) return;
    this.scheduleAtStart(
      [
        {
          schedulerId: RESUME_SWEEP_SCHEDULER,
          name: RESUME_SWEEP_JOB,
          data: {} satisfies ResumeSweepJob,
          pattern: RESUME_SWEEP_PATTERN,
          timeZone: 'UTC',
        },
      ],
      'the resume sweep',
      'Hiring',
    );
  }

  async process(_job: ResumeSweepJob, context: JobContext): Promise<ResumeSweepResult> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - UNATTACHED_RESUME_KEPT_MS);
    let discarded = 0;
    for (const resume of await this.resumes.uploadedBefore(cutoff, RESUME_SWEEP_BATCH)) {
      const outcome = await runCommand(
        this.store,
        resumeStreamId(resume.resumeId),
        resumeDecider,
        { type: 'DiscardResume', resumeId: resume.resumeId, uploadedAt: resume.uploadedAt, now },
        this.commandOf(resume, context, now),
      );
      if (outcome.state.discarded) await this.storage.delete(resumeStorageKey(resume.resumeId));
      discarded += outcome.events.length;
    }
    return { discarded };
  }

  /** The run is the correlation, the upload the cause; the command id is the resume's own. */
  private commandOf(resume: UnattachedResume, context: JobContext, now: Date): CommandContext {
    return {
      actor: RESUME_SWEEP_ACTOR,
      commandId: `resume-sweep:${resume.resumeId}`,
      correlationId: context.jobId,
      causationId: resume.uploadEventId,
      now,
    };
  }
}
