import type { LedgerStreamEvent } from '@portal/contracts';
import { given } from '../../../kernel/testing/given-when-then';
import { ledgerDecider } from './ledger';
import { evolvePeriod, initialPeriodState } from './period';
import { verificationPart, type VerifyPeriodDecision } from './verify-period';

const verifyDecider = ledgerDecider(verificationPart);
const verify = (projectId: number): VerifyPeriodDecision => ({
  type: 'VerifyPeriod',
  data: { employeeId: 7, projectId, month: '2026-11' },
});
const verified = (projectId: number): LedgerStreamEvent => ({
  type: 'PeriodVerified',
  data: { employeeId: 7, projectId, month: '2026-11' },
});
const submitted: LedgerStreamEvent = {
  type: 'TimesheetSubmitted',
  data: {
    entryId: 'a',
    employeeId: 7,
    projectId: 10,
    subProjectId: null,
    date: '2026-11-18',
    hours: '8',
    overtimeHours: null,
    comment: 'Survey',
    lateEntry: false,
    version: 1,
    movedFrom: null,
  },
};

describe('the period state folded from the ledger stream', () => {
  const fold = (events: readonly LedgerStreamEvent[]) => events.reduce(evolvePeriod, initialPeriodState());

  it('locks each verified project, and only those', () => {
    const period = fold([verified(10), submitted, verified(20)]);
    expect([...period.lockedProjectIds]).toEqual([10, 20]);
  });

  it('marks approved time entries and expenses', () => {
    const period = fold([
      { type: 'TimesheetsApproved', data: { entryIds: ['a', 'b'] } },
      { type: 'ExpensesApproved', data: { expenseIds: ['x'] } },
    ]);
    expect([...period.approvedEntryIds]).toEqual(['a', 'b']);
    expect([...period.approvedExpenseIds]).toEqual(['x']);
  });

  it('time and expense events leave the period as it was', () => {
    expect(fold([submitted])).toEqual(initialPeriodState());
  });
});

describe('VerifyPeriod', () => {
  it('given an open month, verifying a project records PeriodVerified', () => {
    expect(given(verifyDecider, [submitted]).when(verify(10)).events).toEqual([
      { type: 'PeriodVerified', data: { employeeId: 7, projectId: 10, month: '2026-11' } },
    ]);
  });

  it('given the project verified already, verifying it again changes nothing', () => {
    expect(given(verifyDecider, [verified(10)]).when(verify(10)).events).toEqual([]);
  });

  it('given another project verified, this one is still verified on its own', () => {
    expect(given(verifyDecider, [verified(20)]).when(verify(10)).events).toHaveLength(1);
  });
});
