import type { LedgerPart, PeriodVerifiedData } from '@portal/contracts';

/** The person submits one project and month of their ledger for verification. */
export interface VerifyPeriodDecision {
  readonly type: 'VerifyPeriod';
  readonly data: PeriodVerifiedData;
}

export type PeriodVerifiedEvent = { readonly type: 'PeriodVerified'; readonly data: PeriodVerifiedData };

/**
 * The period's own part of the ledger: verification. It needs no state of its own (the period
 * state already holds the locks), and verifying a locked project again changes nothing.
 */
export const verificationPart: LedgerPart<null, VerifyPeriodDecision, PeriodVerifiedEvent> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: (command, _state, period) =>
    period.lockedProjectIds.has(command.data.projectId)
      ? []
      : [{ type: 'PeriodVerified', data: { ...command.data } }],
};
