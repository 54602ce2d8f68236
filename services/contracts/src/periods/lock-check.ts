import type { LedgerLockResponse } from './periods';

/**
 * The periods context's answers (the ledger stream's verified locks). The lock check answers 200
 * either way, so a person's normal use of the timesheet and expense screens shows no error.
 */
export interface LedgerUnlocked {
  readonly locked: false;
  readonly projectId: number;
  readonly month: string;
}

/** `GET /api/ledgers/:employeeId/:month/locks/:projectId`: locked (verified) or editable. */
export type LedgerLockCheck = LedgerUnlocked | LedgerLockResponse;

export const periodMessages = {
  /** An employee the caller may not see answers as an unknown one. */
  personNotFound: 'Person not found.',
} as const;
