import { QueryHandler } from '@nestjs/cqrs';
import { dataImportMessages, type DataImportChecked, type DataImportStatus } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { JobQueue, type JobStatus } from '../../../platform/queue/job-queue.port';
import { applyJobId, MAX_APPLY_RETRIES } from '../commands/apply-data-import';
import { dataImportDecider, dataImportStreamId, type DataImportEvent } from '../domain/data-import';

/** GET /api/admin/imports/{id}: the check's report and how far applying it has come (read from its stream and job). */
@Requires('admin')
export class GetDataImportQuery extends PortalQuery<DataImportStatus> {
  constructor(
    principal: Principal,
    readonly importId: string,
  ) {
    super(principal);
  }
}

@QueryHandler(GetDataImportQuery)
export class GetDataImportHandler extends PortalQueryHandler<GetDataImportQuery> {
  constructor(
    private readonly store: EventStore,
    private readonly jobs: JobQueue,
  ) {
    super();
  }

  protected async handle({ importId }: GetDataImportQuery): Promise<DataImportStatus> {
    const recorded = await this.store.readStream(dataImportStreamId(importId));
    const first = recorded[0];
    if (!first) throw DomainError.notFound(dataImportMessages.notFound(importId));
    const state = recorded.reduce(
      (s, e) => dataImportDecider.evolve(s, e as unknown as DataImportEvent),
      dataImportDecider.initialState(),
    );
    if (state.status === 'none') throw DomainError.notFound(dataImportMessages.notFound(importId));
    const { storageKey: _key, format: _format, sha256: _sha, ...report } = state.checked as DataImportChecked;
    const base = {
      ...report,
      canApply: report.problemCount === 0 && state.status === 'checked',
      checkedBy: first.metadata.actor.name,
      checkedAt: first.metadata.occurredAt,
    };
    if (state.status === 'applied')
      return { ...base, state: 'applied', progress: 100, applied: state.applied, message: null };
    const job = await this.latestJob(importId);
    if (!job) return { ...base, state: 'checked', progress: 0, applied: null, message: null };
    if (job.state === 'failed')
      return {
        ...base,
        state: 'failed',
        progress: job.progress,
        applied: null,
        message: job.failedReason ?? dataImportMessages.stoppedAt(1),
      };
    return { ...base, state: 'applying', progress: job.progress, applied: null, message: null };
  }

  /** The last job started for the import (a failed one is followed by a fresh one). */
  private async latestJob(importId: string): Promise<JobStatus | null> {
    let latest: JobStatus | null = null;
    for (let retry = 0; retry <= MAX_APPLY_RETRIES; retry++) {
      const status = await this.jobs.status(applyJobId(importId, retry));
      if (!status) break;
      latest = status;
    }
    return latest;
  }
}
