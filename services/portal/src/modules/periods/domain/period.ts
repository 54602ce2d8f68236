import type { LedgerStreamEvent, PeriodState } from '@portal/contracts';

/** The period's share of the ledger stream: which projects are verified (locked), what is approved. */
export function initialPeriodState(): PeriodState {
  return { lockedProjectIds: new Set(), approvedEntryIds: new Set(), approvedExpenseIds: new Set() };
}

export function evolvePeriod(state: PeriodState, event: LedgerStreamEvent): PeriodState {
  switch (event.type) {
    case 'PeriodVerified':
      return { ...state, lockedProjectIds: new Set([...state.lockedProjectIds, event.data.projectId]) };
    case 'TimesheetsApproved':
      return { ...state, approvedEntryIds: new Set([...state.approvedEntryIds, ...event.data.entryIds]) };
    case 'ExpensesApproved':
      return {
        ...state,
        approvedExpenseIds: new Set([...state.approvedExpenseIds, ...event.data.expenseIds]),
      };
    default:
      return state;
  }
}
