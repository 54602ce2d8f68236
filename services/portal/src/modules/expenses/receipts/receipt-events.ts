import type { ReceiptScan } from './receipt-scan';

/** Receipts live in one stream per person. */
export const receiptStreamId = (employeeId: number): string => `receipts-${employeeId}`;

/** Where a receipt's bytes are stored: a generated key, never anything the client sent. */
export const receiptStorageKey = (employeeId: number, receiptId: string): string =>
  `receipts/${employeeId}/${receiptId}.pdf`;

export const RECEIPT_CONTENT_TYPE = 'application/pdf';
/** The largest receipt accepted: 10 MB. */
export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;

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

/** Messages a person sees for a refused upload or download (all on the field `file`). */
export const receiptMessages = {
  noFile: 'Choose a PDF file to upload.',
  notMultipart: 'Send the receipt as a multipart form with the field "file".',
  wrongField: 'Send the receipt in the field "file".',
  oneFile: 'Upload one file at a time.',
  empty: 'The file is empty.',
  notPdf: 'Only PDF files can be uploaded.',
  tooLarge: 'The file is larger than 10 MB.',
  unreadable: 'The upload could not be read. Try again.',
  notFound: 'Receipt not found.',
  missingFile: 'The receipt file is missing.',
  forbidden: 'You can only open your own receipts.',
} as const;
