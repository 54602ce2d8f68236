import { CommandHandler } from '@nestjs/cqrs';
import { dataImportMessages, type DataImportApplyStarted } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import type { Principal } from '../../../platform/auth/principal';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { loadState } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { JobQueue } from '../../../platform/queue/job-queue.port';
import { assertApplicable, dataImportDecider, dataImportStreamId } from '../domain/data-import';

/** The job that applies an import. */
export const APPLY_DATA_IMPORT_JOB = 'data-imports.apply';

/** What the job is given: the import, who applies it (its events' actor) and the request that asked. */
export interface ApplyDataImportJob {
  readonly importId: string;
  readonly principal: Principal;
  readonly causationId: string;
}

/** A failed apply is started again under a fresh job id (`-r1`, `-r2`...) at most this many times. */
export const MAX_APPLY_RETRIES = 20;

export const applyJobId = (importId: string, retry: number): string =>
  `data-import-apply-${importId}-r${retry}`;

/**
 * POST /api/admin/imports/{id}/apply: starts (or finds again) the job that applies a checked import
 * without problems. Any admin may; the commands are sent as theirs (their owner scope applies).
 */
@Requires('admin')
export class ApplyDataImportCommand extends PortalCommand<DataImportApplyStarted> {
  constructor(
    caller: Caller,
    readonly importId: string,
  ) {
    super(caller);
  }
}

@CommandHandler(ApplyDataImportCommand)
export class ApplyDataImportHandler extends PortalCommandHandler<ApplyDataImportCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly jobs: JobQueue,
  ) {
    super();
  }

  protected async handle({ caller, importId }: ApplyDataImportCommand): Promise<DataImportApplyStarted> {
    const { state } = await loadState(this.store, dataImportStreamId(importId), dataImportDecider);
    assertApplicable(importId, state);
    // The same import reuses its job (waiting, running or done); only a failed one is replaced.
    for (let retry = 0; retry <= MAX_APPLY_RETRIES; retry++) {
      const jobId = applyJobId(importId, retry);
      const status = await this.jobs.status(jobId);
      if (status?.state === 'failed') continue;
      if (!status) {
        const data: ApplyDataImportJob = {
          importId,
          principal: caller.principal,
          causationId: caller.context.commandId,
        };
        await this.jobs.enqueue({ name: APPLY_DATA_IMPORT_JOB, jobId, data });
      }
      return { importId, jobId };
    }
    throw DomainError.conflict(dataImportMessages.failedTooOften);
  }
}
