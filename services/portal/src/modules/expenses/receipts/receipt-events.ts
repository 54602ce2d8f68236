import type { ReceiptScan } from '@portal/contracts';

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
  readonly scan: ReceiptScan;
}

export type ReceiptUploaded = { readonly type: 'ReceiptUploaded'; readonly data: ReceiptUploadedData };
