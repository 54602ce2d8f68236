import { createHash } from 'node:crypto';

/** The job that builds the zip of a month's (or a billing period's) receipts (listed in app/jobs.ts). */
export const RECEIPTS_ZIP_JOB = 'expenses.receipts-zip';

export interface ReceiptsZipEntry {
  readonly receiptId: string;
  readonly storageKey: string;
  /** Name inside the zip (see zipEntryNames). */
  readonly name: string;
  readonly size: number;
}

/** What the job needs: the exact list of files, so the zip always matches its jobId. */
export interface ReceiptsZipJob {
  readonly requesterId: number;
  readonly employeeId: number;
  readonly projectId: number;
  /** The month ('2026-11') or the days ('2026-10-26_2026-11-25') the receipts are of. */
  readonly period: string;
  readonly fileName: string;
  readonly entries: readonly ReceiptsZipEntry[];
}

export interface ReceiptsZipResult {
  readonly fileName: string;
  readonly storageKey: string;
  readonly entries: number;
  readonly bytes: number;
}

const JOB_ID = /^expenses-zip-(\d+)-[0-9a-f]{40}(-r\d+)?$/;

/**
 * `expenses-zip-{requesterId}-{sha1 of everything the zip is made of}`: the same request over the
 * same receipts gives the same id, so asking again reuses the job (and its finished zip); any
 * change in the selection (a receipt added or removed, a renamed entry) gives a new one. The
 * requester is readable from the id, so the status can be refused to anyone else without
 * reading the job's data. A retry after a failed job adds `-r{n}`.
 */
export function receiptsZipJobId(job: ReceiptsZipJob, retry = 0): string {
  const digest = createHash('sha1')
    .update(
      JSON.stringify([
        job.requesterId,
        job.employeeId,
        job.projectId,
        job.period,
        job.fileName,
        job.entries.map((e) => [e.receiptId, e.storageKey, e.name, e.size]),
      ]),
    )
    .digest('hex');
  return `expenses-zip-${job.requesterId}-${digest}${retry > 0 ? `-r${retry}` : ''}`;
}

/** The requester of a receipts-zip job id; null when the text is not such an id. */
export function requesterOfJobId(jobId: string): number | null {
  const match = JOB_ID.exec(jobId);
  return match ? Number(match[1]) : null;
}

/** Where the finished zip is kept in FileStorage. */
export function receiptsZipStorageKey(jobId: string): string {
  return `downloads/${jobId}.zip`;
}
