import { Injectable } from '@nestjs/common';
import { Clock } from '../../../platform/clock/clock';
import { deriveEventId } from '../../../platform/event-store/command-context';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { NotAPdfError, PdfTextReader } from '../../../platform/files/pdf-text';
import { OcrReader } from '../../../platform/ocr/ocr-reader';
import { JobQueue, type JobContext } from '../../../platform/queue/job-queue.port';
import { RegisteredJobProcessor } from '../../../platform/queue/registered-job-processor';
import { receiptStreamId, type ReceiptScannedData } from './receipt-events';
import { readPhotoReceipt, type PhotoReceiptReading } from './receipt-ocr';
import { EMPTY_SCAN } from './receipt-scan';
import { RECEIPT_SCAN_JOB, receiptScanJobId, type ReceiptScanJob } from './receipt-scan.job';

/**
 * Reads a photo receipt by OCR (receipt-ocr.ts) and appends `ReceiptScanned` (before → after) to
 * `receipts-{employeeId}`, on behalf of the uploader, caused by the upload. Progress: 0 when it
 * starts, Tesseract's own progress up to 99 while it reads, 100 once the event is appended. A file
 * that cannot be drawn or read still ends the scan (outcome 'unreadable', nothing read), so the
 * form never waits for ever; a failure of the machinery (storage, the event store) is retried.
 * The event id derives from the job id: a retried job appends nothing twice.
 */
@Injectable()
export class ReceiptScanProcessor extends RegisteredJobProcessor<ReceiptScanJob, PhotoReceiptReading> {
  readonly name = RECEIPT_SCAN_JOB;

  constructor(
    jobs: JobQueue,
    private readonly store: EventStore,
    private readonly storage: FileStorage,
    private readonly pdf: PdfTextReader,
    private readonly ocr: OcrReader,
    private readonly clock: Clock,
  ) {
    super(jobs);
  }

  async process(job: ReceiptScanJob, context: JobContext): Promise<PhotoReceiptReading> {
    await context.reportProgress(0);
    const source = {
      length: job.size,
      read: (start: number, length: number) => this.storage.readRange(job.storageKey, start, length),
    };
    let lastReported = 0;
    const onProgress = (fraction: number) => {
      const percent = Math.min(99, Math.floor(fraction * 100));
      if (percent < lastReported + 5) return;
      lastReported = percent;
      void context.reportProgress(percent).catch(() => undefined);
    };
    let reading: PhotoReceiptReading;
    try {
      reading = await readPhotoReceipt(source, { pdf: this.pdf, ocr: this.ocr }, job.locale, onProgress);
    } catch (error) {
      if (!(error instanceof NotAPdfError)) throw error;
      reading = { scan: EMPTY_SCAN, outcome: 'unreadable' };
    }
    const streamId = receiptStreamId(job.employeeId);
    const commandId = receiptScanJobId(job.receiptId);
    const data: ReceiptScannedData = {
      receiptId: job.receiptId,
      employeeId: job.employeeId,
      source: 'ocr',
      before: EMPTY_SCAN,
      after: reading.scan,
      outcome: reading.outcome,
    };
    await this.store.append(
      streamId,
      [
        {
          id: deriveEventId(commandId, streamId, 0),
          type: 'ReceiptScanned',
          data,
          metadata: {
            actor: job.actor,
            occurredAt: this.clock.now().toISOString(),
            correlationId: job.correlationId,
            causationId: job.uploadEventId,
            commandId,
            schemaVersion: 1,
          },
        },
      ],
      'any',
    );
    await context.reportProgress(100);
    return reading;
  }
}
