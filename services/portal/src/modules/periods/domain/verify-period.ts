import type { LedgerPart, PeriodVerifiedData } from '@portal/contracts';
import { kindsOf } from './period';

/** The person submits one project and month of their ledger for verification: time, expenses or both. */
export interface VerifyPeriodDecision {
  readonly type: 'VerifyPeriod';
  readonly data: PeriodVerifiedData;
}

export type PeriodVerifiedEvent = { readonly type: 'PeriodVerified'; readonly data: PeriodVerifiedData };

/**
 * The period's own part of the ledger: verification. It needs no state of its own (the period
 * state holds the locks, per kind). Verifying kinds already locked changes nothing; asking for both
 * when one is locked records only the other, so an event always names what it newly locked.
 */
export const verificationPart: LedgerPart<null, VerifyPeriodDecision, PeriodVerifiedEvent> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: (command, _state, period) => {
    const { employeeId, projectId, month, what } = command.data;
    const open = kindsOf(what).filter((kind) => !period.lockedProjectIds[kind].has(projectId));
    if (open.length === 0) return [];
    const data: PeriodVerifiedData =
      open.length === 1 ? { employeeId, projectId, month, what: open[0] } : { employeeId, projectId, month };
    return [{ type: 'PeriodVerified', data }];
  },
};
