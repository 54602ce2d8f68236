import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Reactor } from '../../../platform/projection/projection';
import type { JobRequest } from '../../../platform/queue/job-queue.port';
import type { ReceiptUploaded } from './receipt-events';
import { NEUTRAL_LOCALE, type ReceiptLocale } from './receipt-scan';

/** OCR of a photo receipt (or an image-only PDF), in the worker role (listed in the receipts module). */
export const RECEIPT_SCAN_JOB = 'expenses.receipt-scan';

/** What the job needs: the stored file, the uploader's locale, and the upload event it follows. */
export interface ReceiptScanJob {
  readonly receiptId: string;
  readonly employeeId: number;
  readonly storageKey: string;
  readonly size: number;
  readonly locale: ReceiptLocale;
  /** The `ReceiptUploaded` event: the causation of `ReceiptScanned`. */
  readonly uploadEventId: string;
  readonly correlationId: string;
  readonly actor: { readonly id: string; readonly name: string };
}

/** One scan job per receipt, so its progress is found by the receipt id alone. */
export const receiptScanJobId = (receiptId: string): string => `receipt-scan-${receiptId}`;

const receiptUploaded = (event: RecordedEvent) => event as RecordedEvent & ReceiptUploaded;

/** A receipt uploaded with nothing to read as text (`scanState: 'reading'`) is read by OCR. */
export const receiptScanReactor: Reactor = {
  name: 'expenses-receipt-scan',
  eventTypes: ['ReceiptUploaded'],
  react(recorded: RecordedEvent): readonly JobRequest<typeof RECEIPT_SCAN_JOB, ReceiptScanJob>[] {
    const event = receiptUploaded(recorded);
    if (event.type !== 'ReceiptUploaded' || event.data.scanState !== 'reading') return [];
    const data = event.data;
    return [
      {
        name: RECEIPT_SCAN_JOB,
        jobId: receiptScanJobId(data.receiptId),
        data: {
          receiptId: data.receiptId,
          employeeId: data.employeeId,
          storageKey: data.storageKey,
          size: data.size,
          locale: data.locale ?? NEUTRAL_LOCALE,
          uploadEventId: event.id,
          correlationId: event.metadata.correlationId,
          actor: event.metadata.actor,
        },
      },
    ];
  },
};
