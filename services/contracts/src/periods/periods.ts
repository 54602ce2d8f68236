import { z } from 'zod';
import { monthField, requestObject } from '../kernel/fields';
import { VERIFIED_KINDS, type VerifiedKind } from './review';
import { bodyIdField } from '../kernel/ids';
import { timesheetFieldLabels as label, timesheetMessages as msg } from '../timesheets/messages';

/**
 * The ledger stream `ledger-{employee}-{month}` that timesheets and expenses share: verifying a
 * month for a project (which locks it), the lock answer and the PeriodVerified event.
 */

/**
 * POST /api/ledgers/me/:month/verify {projectId, what?}: `what` is 'timesheets' or 'expenses' (the
 * two buttons of /verify-review); absent, both kinds are verified.
 */
export const verifyPeriodSchema = requestObject({
  projectId: bodyIdField(label.projectId, msg.projectRequired),
  what: z.enum(VERIFIED_KINDS, { error: `What must be one of ${VERIFIED_KINDS.join(', ')}` }).optional(),
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
  /** The kinds verified (locked): 'timesheets', 'expenses' or both; the other kind stays editable. */
  readonly kinds: readonly VerifiedKind[];
  /** '{project} is not editable'. */
  readonly message: string;
}

export interface PeriodVerifiedData {
  readonly employeeId: number;
  readonly projectId: number;
  readonly month: string;
  /** The kind verified; absent (events before issue 8) means both. */
  readonly what?: VerifiedKind;
}
