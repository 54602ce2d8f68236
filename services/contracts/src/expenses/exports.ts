import { z } from 'zod';
import { daysFrom, isBusinessMonth } from '../kernel/dates';
import { anyValue, dateField, endNotBeforeStart, isBlank, requestObject } from '../kernel/fields';
import { bodyIdField, optionalBodyIdField, optionalIdField } from '../kernel/ids';
import { expenseMessages } from './messages';

/** Requests and answers of the expense export and the receipts download. */

export const exportMessages = {
  monthRequired: 'Month is required.',
  monthFormat: 'Month must be a month (YYYY-MM)',
  projectRequired: expenseMessages.projectRequired,
  filesDoNotExist: expenseMessages.filesDoNotExist,
  /** Admin spec §8: attachments need a project. */
  selectProject: 'Please select the project.',
  notYourDownload: 'You can only see your own downloads.',
  downloadNotFound: 'Download not found.',
  downloadNotReady: 'The download is not ready yet.',
  downloadFailed: 'The download could not be prepared. Please try again.',
  othersExpenses: 'Only admins can export or download the expenses of someone else.',
  endBeforeStart: 'End must not be before Start',
  receiptsRangeTooLong: (days: number) => `The date range must be at most ${days} days long.`,
} as const;

/** GET /api/expenses/export?start&end&projectId[&employeeId] */
export const expenseExportQuerySchema = requestObject({
  start: dateField('Start'),
  end: dateField('End'),
  projectId: optionalIdField('Project'),
  employeeId: optionalIdField('Employee'),
}).superRefine(endNotBeforeStart(expenseMessages.endBeforeStart));
export type ExpenseExportQuery = z.output<typeof expenseExportQuerySchema>;

/** POST /api/expenses/downloads {month, projectId[, employeeId]}: each missing field flagged on its own. */
export const receiptsDownloadSchema = requestObject({
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
  projectId: bodyIdField('Project', exportMessages.projectRequired),
  employeeId: optionalBodyIdField('Employee'),
});
export type ReceiptsDownloadRequest = z.output<typeof receiptsDownloadSchema>;

/** A receipts zip over days covers at most this many (a billing period is at most 31 days). */
export const MAX_RECEIPTS_RANGE_DAYS = 62;

/**
 * POST /api/expenses/downloads {start, end, projectId[, employeeId]}: the receipts of a billing
 * period (the verify page), which may run over two months (26 Oct to 25 Nov).
 */
export const receiptsRangeDownloadSchema = requestObject({
  start: dateField('Start'),
  end: dateField('End'),
  projectId: bodyIdField('Project', exportMessages.projectRequired),
  employeeId: optionalBodyIdField('Employee'),
}).superRefine((range, ctx) => {
  endNotBeforeStart(exportMessages.endBeforeStart)(range, ctx);
  if (range.end >= range.start && daysFrom(range.start, range.end) + 1 > MAX_RECEIPTS_RANGE_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['end'],
      message: exportMessages.receiptsRangeTooLong(MAX_RECEIPTS_RANGE_DAYS),
    });
  }
});
export type ReceiptsRangeDownloadRequest = z.output<typeof receiptsRangeDownloadSchema>;

/** A receipts download body that names days (`start` or `end`) rather than a month. */
export function isReceiptsRangeBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && ('start' in body || 'end' in body);
}

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
export type ReceiptsDownloadBody =
  | { readonly month: string | null; readonly projectId: number | null; readonly employeeId?: number }
  | {
      readonly start: string;
      readonly end: string;
      readonly projectId: number | null;
      readonly employeeId?: number;
    };
