// Fixed dates: the period deciders given events and commands with their own dates.
import { lockedOn, type ExpenseFields, type LedgerStreamEvent, type VerifiedKind } from '@portal/contracts';
import { given } from '../../../kernel/testing/given-when-then';
import { ledgerDecider } from './ledger';
import { evolvePeriod, initialPeriodState } from './period';
import { monthsOfRange, reviewPart, type ReviewDecision } from './review';
import { verificationPart, type VerifyPeriodDecision } from './verify-period';

const verifyDecider = ledgerDecider(verificationPart);
const reviewDecider = ledgerDecider(reviewPart);
const MONTH = '2026-11';

const verify = (projectId: number, what?: VerifiedKind): VerifyPeriodDecision => ({
  type: 'VerifyPeriod',
  data: { employeeId: 7, projectId, month: MONTH, ...(what ? { what } : {}) },
});
const verified = (projectId: number, what?: VerifiedKind): LedgerStreamEvent => ({
  type: 'PeriodVerified',
  data: { employeeId: 7, projectId, month: MONTH, ...(what ? { what } : {}) },
});
const entry = (entryId: string, projectId = 10, date = '2026-11-18'): LedgerStreamEvent => ({
  type: 'TimesheetSubmitted',
  data: {
    entryId,
    employeeId: 7,
    projectId,
    subProjectId: null,
    date,
    hours: '8',
    overtimeHours: null,
    comment: 'Survey',
    lateEntry: false,
    version: 1,
    movedFrom: null,
  },
});
const expenseFields = (projectId: number, date: string): ExpenseFields => ({
  projectId,
  categoryId: 2,
  date,
  activityDate: null,
  currency: 'USD',
  amount: '10',
  totalAmount: null,
  rate: '1',
  projectCurrency: 'USD',
  claimed: '10.00',
  isBillable: true,
  comment: 'Taxi',
  receiptId: null,
  groupId: null,
});
const expense = (expenseId: string, projectId = 10, date = '2026-11-18'): LedgerStreamEvent => ({
  type: 'ExpenseClaimed',
  data: { expenseId, employeeId: 7, ...expenseFields(projectId, date), version: 1, movedFrom: null },
});
const returned = (entryIds: string[], expenseIds: string[], projectId = 10): LedgerStreamEvent => ({
  type: 'PeriodReturned',
  data: { employeeId: 7, projectId, month: MONTH, reason: 'Wrong project', entryIds, expenseIds },
});
const fold = (events: readonly LedgerStreamEvent[]) => events.reduce(evolvePeriod, initialPeriodState());

describe('the period state folded from the ledger stream', () => {
  it('locks each verified project per kind; a verification without `what` (before issue 8) locks both', () => {
    const period = fold([verified(10), entry('a'), verified(20, 'timesheets'), verified(30, 'expenses')]);
    expect([...period.lockedProjectIds.timesheets.keys()]).toEqual([10, 20]);
    expect([...period.lockedProjectIds.expenses.keys()]).toEqual([10, 30]);
  });

  it('marks approved time entries and expenses', () => {
    const period = fold([
      { type: 'TimesheetsApproved', data: { entryIds: ['a', 'b'] } },
      { type: 'ExpensesApproved', data: { expenseIds: ['x'] } },
    ]);
    expect([...period.approvedEntryIds]).toEqual(['a', 'b']);
    expect([...period.approvedExpenseIds]).toEqual(['x']);
  });

  it('a return of chosen rows drops their approval and reopens only the kinds it returns', () => {
    const period = fold([
      entry('a'),
      entry('b'),
      expense('x'),
      verified(10),
      { type: 'TimesheetsApproved', data: { entryIds: ['a', 'b'] } },
      { type: 'ExpensesApproved', data: { expenseIds: ['x'] } },
      returned(['a'], []),
    ]);
    expect([...period.approvedEntryIds]).toEqual(['b']);
    expect([...period.approvedExpenseIds]).toEqual(['x']);
    expect([...period.lockedProjectIds.timesheets.keys()]).toEqual([]);
    expect([...period.lockedProjectIds.expenses.keys()]).toEqual([10]);
  });

  it('a whole return (no ids) reopens both kinds and every row of that project, not of others', () => {
    const period = fold([
      entry('a'),
      entry('b', 20),
      expense('x'),
      verified(10),
      verified(20),
      { type: 'TimesheetsApproved', data: { entryIds: ['a', 'b'] } },
      { type: 'ExpensesApproved', data: { expenseIds: ['x'] } },
      returned([], []),
    ]);
    expect([...period.approvedEntryIds]).toEqual(['b']);
    expect([...period.approvedExpenseIds]).toEqual([]);
    expect([...period.lockedProjectIds.timesheets.keys()]).toEqual([20]);
    expect([...period.lockedProjectIds.expenses.keys()]).toEqual([20]);
  });
});

describe('VerifyPeriod', () => {
  it('given an open month, verifying a project records PeriodVerified with the kind asked', () => {
    expect(given(verifyDecider, [entry('a')]).when(verify(10, 'timesheets')).events).toEqual([
      { type: 'PeriodVerified', data: { employeeId: 7, projectId: 10, month: MONTH, what: 'timesheets' } },
    ]);
    expect(given(verifyDecider, [entry('a')]).when(verify(10)).events).toEqual([
      { type: 'PeriodVerified', data: { employeeId: 7, projectId: 10, month: MONTH } },
    ]);
  });

  it('given the kind verified already, verifying it again changes nothing', () => {
    expect(given(verifyDecider, [verified(10)]).when(verify(10)).events).toEqual([]);
    expect(given(verifyDecider, [verified(10, 'expenses')]).when(verify(10, 'expenses')).events).toEqual([]);
  });

  it('given time verified, verifying both records only the expenses', () => {
    expect(given(verifyDecider, [verified(10, 'timesheets')]).when(verify(10)).events).toEqual([
      { type: 'PeriodVerified', data: { employeeId: 7, projectId: 10, month: MONTH, what: 'expenses' } },
    ]);
  });

  it('given a return, the person verifies again and the kind is locked again', () => {
    const history = [entry('a'), verified(10, 'timesheets'), returned(['a'], [])];
    const again = given(verifyDecider, history).when(verify(10, 'timesheets')).events;
    expect(again).toHaveLength(1);
    expect(fold([...history, ...again]).lockedProjectIds.timesheets.has(10)).toBe(true);
  });

  it('given another project verified, this one is still verified on its own', () => {
    expect(given(verifyDecider, [verified(20)]).when(verify(10)).events).toHaveLength(1);
  });
});

describe('VerifyPeriod for the days a billing period holds of the month', () => {
  const span = (from: string, through: string) => ({ from, through });
  const verifySpan = (from: string, through: string): VerifyPeriodDecision => ({
    type: 'VerifyPeriod',
    data: { employeeId: 7, projectId: 10, month: MONTH, what: 'timesheets', from, through },
  });

  it('records the span, and the fold locks exactly those days of the kind', () => {
    const events = given(verifyDecider, []).when(verifySpan('2026-11-01', '2026-11-25')).events;
    expect(events).toEqual([
      {
        type: 'PeriodVerified',
        data: {
          employeeId: 7,
          projectId: 10,
          month: MONTH,
          what: 'timesheets',
          ...span('2026-11-01', '2026-11-25'),
        },
      },
    ]);
    const period = fold(events);
    expect(lockedOn(period, 'timesheets', 10, '2026-11-01')).toBe(true);
    expect(lockedOn(period, 'timesheets', 10, '2026-11-25')).toBe(true);
    expect(lockedOn(period, 'timesheets', 10, '2026-11-26')).toBe(false);
    expect(lockedOn(period, 'expenses', 10, '2026-11-20')).toBe(false);
    expect(lockedOn(period, 'timesheets', 20, '2026-11-20')).toBe(false);
  });

  it('a verification without days locks the whole month', () => {
    const period = fold([verified(10, 'timesheets')]);
    expect(lockedOn(period, 'timesheets', 10, '2026-11-01')).toBe(true);
    expect(lockedOn(period, 'timesheets', 10, '2026-11-30')).toBe(true);
  });

  it('the next period’s days of the same month are verified on their own; days already locked record nothing', () => {
    const first = given(verifyDecider, []).when(verifySpan('2026-11-01', '2026-11-25')).events;
    expect(given(verifyDecider, first).when(verifySpan('2026-11-01', '2026-11-25')).events).toEqual([]);
    const next = given(verifyDecider, first).when(verifySpan('2026-11-26', '2026-11-30')).events;
    expect(next).toHaveLength(1);
    const period = fold([...first, ...next]);
    expect(lockedOn(period, 'timesheets', 10, '2026-11-28')).toBe(true);
    expect(given(verifyDecider, [...first, ...next]).when(verify(10, 'timesheets')).events).toEqual([]);
  });

  it('a return of the project reopens every locked day of its month', () => {
    const history = [
      entry('a'),
      ...given(verifyDecider, []).when(verifySpan('2026-11-01', '2026-11-25')).events,
    ];
    const period = fold([...history, returned(['a'], [])]);
    expect(lockedOn(period, 'timesheets', 10, '2026-11-18')).toBe(false);
  });
});

describe('ApprovePeriod', () => {
  const approve = (start = '2026-11-01', end = '2026-11-30'): ReviewDecision => ({
    type: 'ApprovePeriod',
    data: { employeeId: 7, projectId: 10, month: MONTH, start, end },
  });

  it('approves every unapproved entry and expense of the project dated in the range, naming whose', () => {
    const history = [
      entry('a'),
      entry('b', 10, '2026-11-02'),
      entry('c', 20),
      entry('d', 10, '2026-11-27'),
      expense('x'),
      expense('y', 20),
      { type: 'TimesheetsApproved', data: { entryIds: ['b'] } } as LedgerStreamEvent,
    ];
    expect(given(reviewDecider, history).when(approve('2026-11-01', '2026-11-25')).events).toEqual([
      { type: 'TimesheetsApproved', data: { entryIds: ['a'], employeeId: 7, projectId: 10, month: MONTH } },
      { type: 'ExpensesApproved', data: { expenseIds: ['x'], employeeId: 7, projectId: 10, month: MONTH } },
    ]);
  });

  it('given everything approved (or nothing there), approving records nothing', () => {
    expect(given(reviewDecider, [entry('c', 20)]).when(approve()).events).toEqual([]);
    const approved: LedgerStreamEvent = { type: 'TimesheetsApproved', data: { entryIds: ['a'] } };
    expect(given(reviewDecider, [entry('a'), approved]).when(approve()).events).toEqual([]);
  });
});

describe('ApproveExpenses', () => {
  const approve = (...expenseIds: string[]): ReviewDecision => ({
    type: 'ApproveExpenses',
    data: { employeeId: 7, month: MONTH, expenseIds },
  });

  it('approves the chosen expenses, one event per project, skipping those approved already', () => {
    const history = [
      expense('x'),
      expense('y', 20),
      expense('z'),
      { type: 'ExpensesApproved', data: { expenseIds: ['z'] } } as LedgerStreamEvent,
    ];
    expect(given(reviewDecider, history).when(approve('y', 'x', 'z')).events).toEqual([
      { type: 'ExpensesApproved', data: { expenseIds: ['x'], employeeId: 7, projectId: 10, month: MONTH } },
      { type: 'ExpensesApproved', data: { expenseIds: ['y'], employeeId: 7, projectId: 20, month: MONTH } },
    ]);
  });

  it('an expense not in the ledger is refused on expenseIds', () => {
    expect(given(reviewDecider, [expense('x')]).when(approve('x', 'q')).error).toMatchObject({
      code: 'validation',
      problems: [{ path: 'expenseIds', message: 'Row q is not part of this period.' }],
    });
  });
});

describe('ReturnPeriod', () => {
  const giveBack = (
    options: { entryIds?: string[]; expenseIds?: string[]; start?: string; end?: string } = {},
  ): ReviewDecision => ({
    type: 'ReturnPeriod',
    data: {
      employeeId: 7,
      projectId: 10,
      month: MONTH,
      reason: 'Wrong project',
      entryIds: options.entryIds ?? [],
      expenseIds: options.expenseIds ?? [],
      start: options.start ?? '2026-11-01',
      end: options.end ?? '2026-11-30',
    },
  });

  it('a whole month with no rows chosen is returned whole (empty lists)', () => {
    expect(given(reviewDecider, [entry('a'), expense('x'), verified(10)]).when(giveBack()).events).toEqual([
      returned([], []),
    ]);
  });

  it('part of a month (a billing cycle’s end) returns the project’s rows dated in the range', () => {
    const history = [
      entry('a', 10, '2026-11-20'),
      entry('b', 10, '2026-11-28'),
      expense('x', 10, '2026-11-27'),
    ];
    expect(
      given(reviewDecider, history).when(giveBack({ start: '2026-10-26', end: '2026-11-25' })).events,
    ).toEqual([returned(['a'], [])]);
  });

  it('chosen rows: only those this ledger holds; one of another project is refused naming the field', () => {
    const history = [entry('a'), entry('b'), entry('c', 20)];
    expect(given(reviewDecider, history).when(giveBack({ entryIds: ['a', 'elsewhere'] })).events).toEqual([
      returned(['a'], []),
    ]);
    expect(given(reviewDecider, history).when(giveBack({ entryIds: ['a', 'c'] })).error).toMatchObject({
      code: 'validation',
      problems: [{ path: 'entryIds', message: 'Row c is not part of this period.' }],
    });
  });

  it('nothing to return (no rows, no lock) records nothing; a lock alone is returned whole', () => {
    expect(given(reviewDecider, [entry('c', 20)]).when(giveBack()).events).toEqual([]);
    expect(given(reviewDecider, [verified(10, 'expenses')]).when(giveBack()).events).toEqual([
      returned([], []),
    ]);
  });
});

describe('the months a range touches', () => {
  it('a billing cycle of 26 to 25 touches two ledgers, across a year and a leap day', () => {
    expect(monthsOfRange({ start: '2026-12-26', end: '2027-01-25' })).toEqual(['2026-12', '2027-01']);
    expect(monthsOfRange({ start: '2028-02-29', end: '2028-02-29' })).toEqual(['2028-02']);
    expect(monthsOfRange({ start: '2028-01-31', end: '2028-03-01' })).toEqual([
      '2028-01',
      '2028-02',
      '2028-03',
    ]);
  });

  it('a range at the end of the calendar stops at 9999-12 (no month past it)', () => {
    expect(monthsOfRange({ start: '9999-11-26', end: '9999-12-25' })).toEqual(['9999-11', '9999-12']);
    expect(monthsOfRange({ start: '9999-01-01', end: '9999-12-31' })).toHaveLength(12);
    expect(monthsOfRange({ start: '9999-12-31', end: '9999-12-31' })).toEqual(['9999-12']);
  });
});
