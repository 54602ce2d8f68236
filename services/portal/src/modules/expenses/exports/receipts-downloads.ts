import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { Principal } from '../../../platform/auth/principal';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { DomainError } from '../../../kernel/domain-error';
import { JobQueue, type JobStatus } from '../../../platform/queue/job-queue.port';
import { StaffQueries } from '../../staff/queries/staff-queries';
import { receiptsZipFileName, zipEntryNames } from './download-names';
import { receiptsOfMonth } from './expense-export-rows';
import {
  exportMessages,
  type ReceiptsDownloadRequest,
  type ReceiptsDownloadStarted,
  type ReceiptsDownloadStatus,
} from '@portal/contracts';
import {
  RECEIPTS_ZIP_JOB,
  receiptsZipJobId,
  requesterOfJobId,
  type ReceiptsZipJob,
  type ReceiptsZipResult,
} from './receipts-zip.job';

/** A failed job is replaced by a fresh one (`-r1`, `-r2`...) at most this many times. */
const MAX_RETRIES = 20;

/**
 * Whose expenses: one's own; an admin may name someone they can see (`StaffQueries.canSee`: a
 * sightstream admin only owner-2 people); 403 for anybody else.
 */
export async function targetEmployee(
  staff: StaffQueries,
  person: Principal,
  employeeId: number | null,
): Promise<number> {
  if (employeeId === null || employeeId === person.staffId) return person.staffId;
  if (!(await staff.canSee(person, employeeId))) throw DomainError.forbidden(exportMessages.othersExpenses);
  return employeeId;
}

/**
 * Download Expenses: starts (or finds again) the job that zips a month's receipts, tells its
 * progress, and hands out the finished zip, each only to the person who asked or to an admin who can see them.
 */
@Injectable()
export class ReceiptsDownloads {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly jobs: JobQueue,
    private readonly storage: FileStorage,
    private readonly staff: StaffQueries,
  ) {}

  async request(person: Principal, request: ReceiptsDownloadRequest): Promise<ReceiptsDownloadStarted> {
    const employeeId = await targetEmployee(this.staff, person, request.employeeId);
    const found = await receiptsOfMonth(this.db, employeeId, request.projectId, request.month);
    if (found.receipts.length === 0) throw DomainError.notFound(exportMessages.filesDoNotExist);
    const names = zipEntryNames(found.receipts);
    const job: ReceiptsZipJob = {
      requesterId: person.staffId,
      employeeId,
      projectId: request.projectId,
      month: request.month,
      fileName: receiptsZipFileName(found.employeeName, found.projectName, request.month),
      entries: found.receipts.map((r, i) => ({
        receiptId: r.receiptId,
        storageKey: r.storageKey,
        name: names[i],
        size: r.size,
      })),
    };
    // The same request reuses its job (waiting, running or done); only a failed one is replaced.
    for (let retry = 0; retry <= MAX_RETRIES; retry++) {
      const jobId = receiptsZipJobId(job, retry);
      const status = await this.jobs.status(jobId);
      if (status?.state === 'failed') continue;
      if (!status) await this.jobs.enqueue({ name: RECEIPTS_ZIP_JOB, jobId, data: job });
      return { jobId };
    }
    throw DomainError.conflict(exportMessages.downloadFailed);
  }

  async status(person: Principal, jobId: string): Promise<ReceiptsDownloadStatus> {
    const status = await this.find(person, jobId);
    const result = status.state === 'completed' ? (status.result as ReceiptsZipResult) : null;
    return {
      state: status.state,
      progress: status.progress,
      ...(result ? { fileName: result.fileName } : {}),
    };
  }

  async file(person: Principal, jobId: string): Promise<{ fileName: string; content: Readable }> {
    const status = await this.find(person, jobId);
    if (status.state !== 'completed') {
      throw DomainError.conflict(
        status.state === 'failed' ? exportMessages.downloadFailed : exportMessages.downloadNotReady,
      );
    }
    const result = status.result as ReceiptsZipResult;
    if (!(await this.storage.exists(result.storageKey)))
      throw DomainError.notFound(exportMessages.downloadNotFound);
    return { fileName: result.fileName, content: this.storage.open(result.storageKey) };
  }

  /** The job, when `jobId` names a receipts zip the person may see: 403 for someone else's, 404 when unknown. */
  private async find(person: Principal, jobId: string): Promise<JobStatus> {
    const requester = requesterOfJobId(jobId);
    if (requester === null) throw DomainError.notFound(exportMessages.downloadNotFound);
    if (!(await this.staff.canSee(person, requester)))
      throw DomainError.forbidden(exportMessages.notYourDownload);
    const status = await this.jobs.status(jobId);
    if (!status || status.name !== RECEIPTS_ZIP_JOB)
      throw DomainError.notFound(exportMessages.downloadNotFound);
    return status;
  }
}
