import { lockSpanOf, spansCoverAll, type LedgerPart, type PeriodVerifiedData } from '@portal/contracts';
import { kindsOf } from './period';

/**
 * The person submits one project and month of their ledger for verification: time, expenses or
 * both, the whole month or the days of it that the project's billing period holds.
 */
export interface VerifyPeriodDecision {
  readonly type: 'VerifyPeriod';
  readonly data: PeriodVerifiedData;
}

export type PeriodVerifiedEvent = { readonly type: 'PeriodVerified'; readonly data: PeriodVerifiedData };

/**
 * The period's own part of the ledger: verification. It needs no state of its own (the period
 * state holds the locks, per kind). Verifying kinds whose days are all locked already changes nothing; asking for both
 * when one is locked records only the other, so an event always names what it newly locked.
 */
export const verificationPart: LedgerPart<null, VerifyPeriodDecision, PeriodVerifiedEvent> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: (command, _state, period) => {
    const { what, ...rest } = command.data;
    const span = lockSpanOf(command.data);
    const open = kindsOf(what).filter(
      (kind) => !spansCoverAll(period.lockedProjectIds[kind].get(rest.projectId), span),
    );
    if (open.length === 0) return [];
    const data: PeriodVerifiedData = open.length === 1 ? { ...rest, what: open[0] } : rest;
    return [{ type: 'PeriodVerified', data }];
  },
};
