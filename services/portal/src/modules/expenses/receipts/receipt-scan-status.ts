import { QueryHandler } from '@nestjs/cqrs';
import { receiptMessages as msg, type ReceiptScanStatus } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { JobQueue } from '../../../platform/queue/job-queue.port';
import { DomainError } from '../../../kernel/domain-error';
import { StaffQueries } from '../../staff';
import { ReceiptQueries } from './receipt-queries';
import { receiptScanJobId } from './receipt-scan.job';

/** How far the reading of a receipt is, and what it read: for its owner or an admin who can see them. */
export class ReceiptScanStatusQuery extends PortalQuery<ReceiptScanStatus> {
  constructor(
    readonly person: Principal,
    readonly receiptId: string,
  ) {
    super(person);
  }
}

/**
 * The read model says whether the scan is done (and what it read); while OCR reads, the job's
 * progress is the bar's (0 while it waits for the worker); a job whose last try failed makes the
 * scan 'failed'. 404 for an unknown receipt, 403 for
 * someone the person may not see.
 */
@QueryHandler(ReceiptScanStatusQuery)
export class ReceiptScanStatusHandler extends PortalQueryHandler<ReceiptScanStatusQuery> {
  constructor(
    private readonly receipts: ReceiptQueries,
    private readonly staff: StaffQueries,
    private readonly jobs: JobQueue,
  ) {
    super();
  }

  protected async handle({ person, receiptId }: ReceiptScanStatusQuery): Promise<ReceiptScanStatus> {
    const receipt = await this.receipts.get(receiptId);
    if (!receipt) throw DomainError.notFound(msg.notFound);
    if (!(await this.staff.canSee(person, receipt.employeeId))) throw DomainError.forbidden(msg.forbidden);
    if (receipt.scanState === 'done') return { state: 'done', progress: 100, scan: receipt.scan };
    const job = await this.jobs.status(receiptScanJobId(receiptId));
    // Its last try failed: no event will come, and the form stops waiting.
    if (job?.state === 'failed') return { state: 'failed', progress: 100, scan: receipt.scan };
    // The job is done but its event not yet in the read model: still reading, for a moment.
    const progress = job ? Math.min(99, job.progress) : 0;
    return { state: 'reading', progress, scan: receipt.scan };
  }
}
