/** Receipt uploads: the limits, the messages of a refusal, and what the server answers. */
import { megabytes, MEGABYTE } from '../kernel/file-sizes';
import type { Currency } from '../kernel/constants';
import { textMessages } from '../kernel/text';

/** The largest receipt accepted: 10 MB (the server enforces it while streaming the upload). */
export const MAX_RECEIPT_BYTES = 10 * MEGABYTE;
export const RECEIPT_CONTENT_TYPE = 'application/pdf';
/** Photos the form turns into a one-page PDF before uploading (HEIC where the browser opens it). */
export const RECEIPT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/heif'] as const;
/** The largest photo accepted: 12 megapixels (the server's OCR reads no bigger). */
export const MAX_PHOTO_MEGAPIXELS = 12;

/** A photo by its type or, when the browser gives none, its name. */
export function isReceiptPhoto(file: { name: string; type: string }): boolean {
  if ((RECEIPT_PHOTO_TYPES as readonly string[]).includes(file.type)) return true;
  return file.type === '' && /\.(?:jpe?g|png|heic|heif)$/i.test(file.name);
}

/** Messages a person sees for a refused receipt upload or download (all on the field `file`). */
export const receiptMessages = {
  noFile: 'Choose a PDF file to upload.',
  notMultipart: 'Send the receipt as a multipart form with the field "file".',
  wrongField: 'Send the receipt in the field "file".',
  oneFile: 'Upload one file at a time.',
  empty: 'The file is empty.',
  notPdf: 'Only PDF files can be uploaded.',
  notPdfOrPhoto: 'Only a PDF or a photo (JPEG, PNG or HEIC) can be uploaded.',
  photoTooLarge: `The photo is larger than ${MAX_PHOTO_MEGAPIXELS} megapixels.`,
  photoUnreadable: 'This photo cannot be opened here. Take it with the camera or save it as JPEG.',
  tooLarge: `The file is larger than ${megabytes(MAX_RECEIPT_BYTES)}.`,
  unreadable: 'The upload could not be read. Try again.',
  fileName: textMessages.fileName,
  uploadFailed: 'The receipt could not be uploaded. Try again.',
  scanFailed: 'The receipt could not be read. Enter the amount and date yourself.',
  notFound: 'Receipt not found.',
  missingFile: 'The receipt file is missing.',
  forbidden: 'You can only open your own receipts.',
} as const;

/** What the server read from a receipt: null where nothing could be read (never a made-up amount). */
export interface ReceiptScan {
  /** Decimal string with two decimals, e.g. '12.34'. */
  readonly total: string | null;
  /** 'YYYY-MM-DD'. */
  readonly date: string | null;
  /** The vendor's name as printed on the receipt's first lines. */
  readonly vendor: string | null;
  /** The currency printed on the receipt (a bare '$' by the uploader's locale). */
  readonly currency: Currency | null;
}

/**
 * Where a receipt's scan is: 'reading' while a photo (or an image-only PDF) is read by OCR in a
 * job, 'done' once what could be read is in `scan` (a PDF's text is read during the upload).
 */
export type ReceiptScanState = 'reading' | 'done';

/** `GET /api/expenses/receipts/{receiptId}/scan` */
export interface ReceiptScanStatus {
  /**
   * 'failed' when the reading job gave up after its last try: nothing was read, and the person
   * enters the amount and date (`receiptMessages.scanFailed`).
   */
  readonly state: ReceiptScanState | 'failed';
  /** 0 to 100 while reading; 100 when done or failed. */
  readonly progress: number;
  readonly scan: ReceiptScan;
}

/** `POST /api/expenses/receipts` */
export interface ReceiptUploadResponse {
  readonly receiptId: string;
  readonly fileName: string;
  readonly size: number;
  readonly scan: ReceiptScan;
  /** 'reading': the scan is read by OCR after the upload; ask `GET .../{receiptId}/scan` until done. */
  readonly scanState: ReceiptScanState;
  /** Where the upload's event landed ('commit/prepare'). */
  readonly position: string;
}

/**
 * The checks a browser can make before sending (a PDF, or a photo it then turns into one); the
 * server checks the bytes again.
 */
export function checkReceiptFile(
  files: readonly { name: string; type: string; size: number }[],
): string | null {
  const [file] = files;
  if (files.length !== 1 || !file) return receiptMessages.oneFile;
  if (
    file.type !== RECEIPT_CONTENT_TYPE &&
    !file.name.toLowerCase().endsWith('.pdf') &&
    !isReceiptPhoto(file)
  )
    return receiptMessages.notPdfOrPhoto;
  if (file.size === 0) return receiptMessages.empty;
  if (file.size > MAX_RECEIPT_BYTES) return receiptMessages.tooLarge;
  return null;
}
