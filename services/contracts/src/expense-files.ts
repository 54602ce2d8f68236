import { anyValue, endNotBeforeStart } from './fields';
import { isBusinessMonth } from './dates';
import { expenseMessages } from './expenses';
import { dateField, optionalIdField } from './timesheets';
import { z } from 'zod';

/** Requests and answers of the expense export and the receipts download. */

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

export const exportMessages = {
  monthRequired: 'Month is required.',
  monthFormat: 'Month must be a month (YYYY-MM)',
  projectRequired: expenseMessages.projectRequired,
  projectInvalid: 'Project must be a valid id',
  filesDoNotExist: expenseMessages.filesDoNotExist,
  notYourDownload: 'You can only see your own downloads.',
  downloadNotFound: 'Download not found.',
  downloadNotReady: 'The download is not ready yet.',
  downloadFailed: 'The download could not be prepared. Please try again.',
  othersExpenses: 'Only admins can export or download the expenses of someone else.',
} as const;

/** GET /api/expenses/export?start&end&projectId[&employeeId] */
export const expenseExportQuerySchema = z
  .object({
    start: dateField('Start'),
    end: dateField('End'),
    projectId: optionalIdField('Project'),
    employeeId: optionalIdField('Employee'),
  })
  .superRefine(endNotBeforeStart(expenseMessages.endBeforeStart));
export type ExpenseExportQuery = z.output<typeof expenseExportQuerySchema>;

/** POST /api/expenses/downloads {month, projectId[, employeeId]}: each missing field flagged on its own. */
export const receiptsDownloadSchema = z.object({
  month: anyValue().transform((value, ctx): string => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: exportMessages.monthRequired });
      return z.NEVER;
    }
    if (typeof value !== 'string' || !isBusinessMonth(value.trim())) {
      ctx.addIssue({ code: 'custom', message: exportMessages.monthFormat });
      return z.NEVER;
    }
    return value.trim();
  }),
  projectId: anyValue().transform((value, ctx): number => {
    if (isBlank(value) || value === 0 || value === '0') {
      ctx.addIssue({ code: 'custom', message: exportMessages.projectRequired });
      return z.NEVER;
    }
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      ctx.addIssue({ code: 'custom', message: exportMessages.projectInvalid });
      return z.NEVER;
    }
    return Number(text);
  }),
  employeeId: optionalIdField('Employee'),
});
export type ReceiptsDownloadRequest = z.output<typeof receiptsDownloadSchema>;

/** GET /api/expenses/downloads/:jobId */
export interface ReceiptsDownloadStatus {
  readonly state: 'waiting' | 'active' | 'completed' | 'failed';
  /** 0 to 100. */
  readonly progress: number;
  /** The zip's name, once completed. */
  readonly fileName?: string;
}

/** POST /api/expenses/downloads */
export interface ReceiptsDownloadStarted {
  readonly jobId: string;
}

/** The largest receipt accepted: 10 MB (the server enforces it while streaming the upload). */
export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;
export const RECEIPT_CONTENT_TYPE = 'application/pdf';

/** Messages a person sees for a refused receipt upload or download (all on the field `file`). */
export const receiptMessages = {
  noFile: 'Choose a PDF file to upload.',
  notMultipart: 'Send the receipt as a multipart form with the field "file".',
  wrongField: 'Send the receipt in the field "file".',
  oneFile: 'Upload one file at a time.',
  empty: 'The file is empty.',
  notPdf: 'Only PDF files can be uploaded.',
  tooLarge: 'The file is larger than 10 MB.',
  unreadable: 'The upload could not be read. Try again.',
  uploadFailed: 'The receipt could not be uploaded. Try again.',
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
}

/** `POST /api/expenses/receipts` */
export interface ReceiptUploadResponse {
  readonly receiptId: string;
  readonly fileName: string;
  readonly size: number;
  readonly scan: ReceiptScan;
}

/** The checks a browser can make before sending; the server checks the bytes again. */
export function checkReceiptFile(
  files: readonly { name: string; type: string; size: number }[],
): string | null {
  const [file] = files;
  if (files.length !== 1 || !file) return receiptMessages.oneFile;
  if (file.type !== RECEIPT_CONTENT_TYPE && !file.name.toLowerCase().endsWith('.pdf'))
    return receiptMessages.notPdf;
  if (file.size === 0) return receiptMessages.empty;
  if (file.size > MAX_RECEIPT_BYTES) return receiptMessages.tooLarge;
  return null;
}

/** `POST /api/expenses/downloads` as a form sends it (the schema flags each missing field). */
export interface ReceiptsDownloadBody {
  readonly month: string | null;
  readonly projectId: number | null;
  readonly employeeId?: number;
}
