import { CommandHandler } from '@nestjs/cqrs';
import {
  endOfMonth,
  exportMessages,
  type ReceiptsDownloadRequest,
  type ReceiptsDownloadStarted,
  type ReceiptsRangeDownloadRequest,
} from '@portal/contracts';
import { PortalCommand, PortalCommandHandler, type Caller } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { DomainError } from '../../../kernel/domain-error';
import { JobQueue } from '../../../platform/queue/job-queue.port';
import { StaffQueries } from '../../staff';
import { receiptsZipFileName, zipEntryNames } from './download-names';
import { receiptsOfDays } from './expense-export-rows';
import { targetEmployee } from './receipts-downloads';
import { RECEIPTS_ZIP_JOB, receiptsZipJobId, type ReceiptsZipJob } from './receipts-zip.job';

/** A failed job is replaced by a fresh one (`-r1`, `-r2`...) at most this many times. */
const MAX_RETRIES = 20;

/**
 * Download Expenses: the zip of one person's receipts of one project and month, or of the days of
 * a billing period (the verify page; 26 Oct to 25 Nov runs over two months).
 */
export class RequestReceiptsZipCommand extends PortalCommand<ReceiptsDownloadStarted> {
  constructor(
    caller: Caller,
    readonly request: ReceiptsDownloadRequest | ReceiptsRangeDownloadRequest,
  ) {
    super(caller);
  }
}

/**
 * The days a request covers and how the zip names them: the month ('2026-11'), or the first and
 * last day ('2026-10-26_2026-11-25') unless they are exactly a month.
 */
export function receiptsSelectionOf(request: ReceiptsDownloadRequest | ReceiptsRangeDownloadRequest): {
  first: string;
  last: string;
  name: string;
} {
  if ('month' in request) {
    const first = `${request.month}-01`;
    return { first, last: endOfMonth(first), name: request.month };
  }
  const { start, end } = request;
  const wholeMonth = start.endsWith('-01') && end === endOfMonth(start);
  return { first: start, last: end, name: wholeMonth ? start.slice(0, 7) : `${start}_${end}` };
}

/**
 * Starts (or finds again) the job that zips the receipts of a month or of days: one's own, or
 * (admins) of someone they can see; 404 when those days have no receipts.
 */
@CommandHandler(RequestReceiptsZipCommand)
export class RequestReceiptsZipHandler extends PortalCommandHandler<RequestReceiptsZipCommand> {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly jobs: JobQueue,
    private readonly staff: StaffQueries,
  ) {
    super();
  }

  protected async handle({ caller, request }: RequestReceiptsZipCommand): Promise<ReceiptsDownloadStarted> {
    const person = caller.principal;
    const employeeId = await targetEmployee(this.staff, person, request.employeeId);
    const days = receiptsSelectionOf(request);
    const found = await receiptsOfDays(this.db, employeeId, request.projectId, days.first, days.last);
    if (found.receipts.length === 0) throw DomainError.notFound(exportMessages.filesDoNotExist);
    const names = zipEntryNames(found.receipts);
    const job: ReceiptsZipJob = {
      requesterId: person.staffId,
      employeeId,
      projectId: request.projectId,
      period: days.name,
      fileName: receiptsZipFileName(found.employeeName, found.projectName, days.name),
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
}
