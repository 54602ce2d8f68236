import { Injectable } from '@nestjs/common';
import { Clock } from '../../../platform/clock/clock';
import type { PortalConfig } from '../../../platform/config/config';
import { InjectConfig } from '../../../platform/config/config.provider';
import { ProjectionProgress } from '../../../platform/projection/projection';
import { runCommand, loadState } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { JobQueue, UnrecoverableJobError, type JobContext } from '../../../platform/queue/job-queue.port';
import { RegisteredJobProcessor } from '../../../platform/queue/registered-job-processor';
import type { DataImportCounts } from '@portal/contracts';
import { APPLY_DATA_IMPORT_JOB, type ApplyDataImportJob } from '../commands/apply-data-import';
import { DataImportRunner, ImportStopped } from '../commands/import-runner';
import { assertApplicable, dataImportDecider, dataImportStreamId } from '../domain/data-import';

/**
 * Applies a checked import: every step's command through the bus as the admin who asked, under
 * the import id as correlation; progress after each step (by the rows done); DataImportApplied at
 * the end, and the kept file deleted. A step refused or failing stops the job with the row to go
 * on from (the steps before it stay applied; applying again sends them again, and they change
 * nothing), refused ones at once, others after the queue's retries.
 */
@Injectable()
export class ApplyDataImportProcessor extends RegisteredJobProcessor<ApplyDataImportJob, DataImportCounts> {
  readonly name = APPLY_DATA_IMPORT_JOB;

  constructor(
    jobs: JobQueue,
    private readonly store: EventStore,
    private readonly storage: FileStorage,
    private readonly runner: DataImportRunner,
    private readonly clock: Clock,
    private readonly projections: ProjectionProgress,
    @InjectConfig() private readonly config: PortalConfig,
  ) {
    super(jobs);
  }

  async process(job: ApplyDataImportJob, context: JobContext): Promise<DataImportCounts> {
    const { importId, principal, causationId } = job;
    const streamId = dataImportStreamId(importId);
    const { state } = await loadState(this.store, streamId, dataImportDecider);
    if (state.status === 'applied' && state.applied) return state.applied;
    let checked;
    try {
      checked = assertApplicable(importId, state);
    } catch (error) {
      throw new UnrecoverableJobError(error instanceof Error ? error.message : String(error));
    }
    await context.reportProgress(0);
    // Names, ids and the roster are found in the read models: let them show every change made before.
    const head = await this.store.headPosition();
    if (head) await this.projections.waitFor(head, this.config.projectionWaitMs);
    const source = { ...checked, principal };
    const rows = Math.max(1, checked.rows);
    let counts: DataImportCounts;
    try {
      counts = await this.runner.apply(
        source,
        () => this.clock.now(),
        causationId,
        (lastRow) => context.reportProgress(Math.min(99, Math.floor(((lastRow - 1) * 100) / rows))),
      );
    } catch (error) {
      // The job's failure is read by the page: only our own words, never a server's text.
      if (!(error instanceof ImportStopped)) throw new ImportStopped(1, null, error);
      if (error.reason !== null) throw new UnrecoverableJobError(`${error.message} ${error.reason}`);
      throw error;
    }
    await runCommand(
      this.store,
      streamId,
      dataImportDecider,
      { type: 'RecordApplied', data: { importId, counts } },
      {
        actor: { id: String(principal.staffId), name: principal.name },
        commandId: `data-import-${importId}-applied`,
        correlationId: importId,
        causationId,
        now: this.clock.now(),
      },
    );
    await this.storage.delete(checked.storageKey).catch(() => undefined);
    await context.reportProgress(100);
    return counts;
  }
}
