import { z } from 'zod';
import { isBusinessMonth } from '../kernel/dates';
import { anyValue, dateField, endNotBeforeStart, isBlank, optionalIdField } from '../kernel/fields';
import { expenseMessages } from './messages';

/** Requests and answers of the expense export and the receipts download. */

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

/** `POST /api/expenses/downloads` as a form sends it (the schema flags each missing field). */
export interface ReceiptsDownloadBody {
  readonly month: string | null;
  readonly projectId: number | null;
  readonly employeeId?: number;
}
