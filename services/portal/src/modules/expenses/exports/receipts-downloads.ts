import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../platform/auth/principal';
import { DomainError } from '../../../kernel/domain-error';
import { JobQueue, type JobStatus } from '../../../platform/queue/job-queue.port';
import { StaffQueries } from '../../staff';
import { exportMessages } from '@portal/contracts';
import { RECEIPTS_ZIP_JOB, requesterOfJobId } from './receipts-zip.job';

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
 * Download Expenses' jobs (the zip of a month's receipts), each only for the person who asked or
 * an admin who can see them: the status and file queries find the job through this.
 */
@Injectable()
export class ReceiptsZipJobs {
  constructor(
    private readonly jobs: JobQueue,
    private readonly staff: StaffQueries,
  ) {}

  /** The job, when `jobId` names a receipts zip the person may see: 403 for someone else's, 404 when unknown. */
  async find(person: Principal, jobId: string): Promise<JobStatus> {
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
