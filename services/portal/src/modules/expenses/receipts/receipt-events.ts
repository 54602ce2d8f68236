import type { ReceiptScan, ReceiptScanState } from '@portal/contracts';
import type { ReceiptLocale } from './receipt-scan';

/** Receipts live in one stream per person. */
export const receiptStreamId = (employeeId: number): string => `receipts-${employeeId}`;

/** Where a receipt's bytes are stored: a generated key, never anything the client sent. */
export const receiptStorageKey = (employeeId: number, receiptId: string): string =>
  `receipts/${employeeId}/${receiptId}.pdf`;

/** `ReceiptUploaded` in `receipts-{employeeId}`. */
export interface ReceiptUploadedData {
  readonly receiptId: string;
  readonly employeeId: number;
  /** The sanitised display name (never a storage path). */
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
  /** Hex SHA-256 of the stored bytes. */
  readonly sha256: string;
  readonly storageKey: string;
  /** What the PDF's text gave (nothing yet when `scanState` is 'reading'). */
  readonly scan: ReceiptScan;
  /**
   * 'reading': the PDF has no text (a photo, a scan), so OCR reads it in the
   * `expenses.receipt-scan` job, which appends `ReceiptScanned`. Absent in events from before OCR: 'done'.
   */
  readonly scanState?: ReceiptScanState;
  /** How the uploader's locale reads ambiguous dates and a bare '$' (for the OCR job). */
  readonly locale?: ReceiptLocale;
}

export type ReceiptUploaded = { readonly type: 'ReceiptUploaded'; readonly data: ReceiptUploadedData };

/** `ReceiptScanned` in `receipts-{employeeId}`: what OCR read from a photo receipt, before → after. */
export interface ReceiptScannedData {
  readonly receiptId: string;
  readonly employeeId: number;
  readonly source: 'ocr';
  /** The scan before (what the upload recorded: nothing read). */
  readonly before: ReceiptScan;
  /** What OCR read: nulls where nothing could be read (never a made-up amount). */
  readonly after: ReceiptScan;
  /** 'unreadable': the file could not be rendered or read at all (after holds nulls). */
  readonly outcome: 'read' | 'unreadable';
}

export type ReceiptScanned = { readonly type: 'ReceiptScanned'; readonly data: ReceiptScannedData };

export type ReceiptEvent = ReceiptUploaded | ReceiptScanned;

/** Scans recorded before vendor and currency were read have neither: null. */
export function fullScan(scan: Partial<ReceiptScan> | undefined): ReceiptScan {
  return {
    total: scan?.total ?? null,
    date: scan?.date ?? null,
    vendor: scan?.vendor ?? null,
    currency: scan?.currency ?? null,
  };
}
