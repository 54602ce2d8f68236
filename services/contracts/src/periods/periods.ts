import type { z } from 'zod';
import { monthField, requestObject } from '../kernel/fields';
import { bodyIdField } from '../kernel/ids';
import { timesheetFieldLabels as label, timesheetMessages as msg } from '../timesheets/messages';

/**
 * The ledger stream `ledger-{employee}-{month}` that timesheets and expenses share: verifying a
 * month for a project (which locks it), the lock answer and the PeriodVerified event.
 */

/** POST /api/ledgers/me/:month/verify */
export const verifyPeriodSchema = requestObject({
  projectId: bodyIdField(label.projectId, msg.projectRequired),
});
export type VerifyPeriodRequest = z.output<typeof verifyPeriodSchema>;

export const ledgerMonthSchema = monthField(label.month);

export interface LedgerLockResponse {
  readonly locked: true;
  /** The project's name, for '{project} is not editable'. */
  readonly project: string;
  readonly projectId: number;
  readonly month: string;
  readonly verifiedAt: string;
  /** '{project} is not editable'. */
  readonly message: string;
}

export interface PeriodVerifiedData {
  readonly employeeId: number;
  readonly projectId: number;
  readonly month: string;
}
