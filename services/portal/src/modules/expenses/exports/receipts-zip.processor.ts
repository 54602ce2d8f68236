import { Injectable } from '@nestjs/common';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { JobQueue, UnrecoverableJobError, type JobContext } from '../../../platform/queue/job-queue.port';
import { RegisteredJobProcessor } from '../../../platform/queue/registered-job-processor';
import { ReceiptFileMissingError, writeReceiptsZip } from './receipts-zip';
import {
  RECEIPTS_ZIP_JOB,
  receiptsZipStorageKey,
  type ReceiptsZipJob,
  type ReceiptsZipResult,
} from './receipts-zip.job';

/**
 * Builds the zip of a month's (or a billing period's) receipts into FileStorage (`downloads/{jobId}.zip`), reporting
 * progress after each file (0 to 99 while files go in, 100 once the zip is stored). A receipt
 * whose file is gone fails the job at once: no retry brings it back.
 */
@Injectable()
export class ReceiptsZipProcessor extends RegisteredJobProcessor<ReceiptsZipJob, ReceiptsZipResult> {
  readonly name = RECEIPTS_ZIP_JOB;

  constructor(
    jobs: JobQueue,
    private readonly storage: FileStorage,
  ) {
    super(jobs);
  }

  async process(job: ReceiptsZipJob, context: JobContext): Promise<ReceiptsZipResult> {
    if (job.entries.length === 0) throw new UnrecoverableJobError('There are no receipts to put in the zip');
    const storageKey = receiptsZipStorageKey(context.jobId);
    await context.reportProgress(0);
    try {
      const stored = await writeReceiptsZip(this.storage, job.entries, storageKey, (done, total) =>
        context.reportProgress(Math.floor((done * 99) / total)),
      );
      await context.reportProgress(100);
      return { fileName: job.fileName, storageKey, entries: job.entries.length, bytes: stored.size };
    } catch (error) {
      if (error instanceof ReceiptFileMissingError) throw new UnrecoverableJobError(error.message);
      throw error;
    }
  }
}
