// Fixed dates: the decider given events and commands with their own dates and today.
import type { ExpenseFields, LedgerStreamEvent, PeriodState } from '@portal/contracts';
import { expenseLedgerPart, type ExpenseLedgerCommand, type ExpenseLedgerEvent } from './expense-ledger';
import { given as givenEvents } from '../../../kernel/testing/given-when-then';

const names = new Map([
  [10, 'Harbor Works'],
  [20, 'Sight Ops'],
]);
const fields = (overrides: Partial<ExpenseFields> = {}): ExpenseFields => ({
  projectId: 10,
  categoryId: 4,
  date: '2025-11-18',
  activityDate: null,
  currency: 'USD',
  amount: '12.5',
  totalAmount: null,
  rate: '1.35',
  projectCurrency: 'CAD',
  claimed: '16.87',
  isBillable: true,
  comment: 'Site visit',
  receiptId: null,
  groupId: null,
  ...overrides,
});

function claimed(expenseId: string, overrides: Partial<ExpenseFields> = {}, version = 1): ExpenseLedgerEvent {
  return {
    type: 'ExpenseClaimed',
    data: { expenseId, employeeId: 7, ...fields(overrides), version, movedFrom: null },
  };
}

/** The whole month of the expenses below, as a verification of it locks it. */
const NOVEMBER = { from: '2025-11-01', through: '2025-11-30' };

/** The period's locks and approvals, as the periods context hands them to the part. */
const open: PeriodState = {
  lockedProjectIds: { timesheets: new Map(), expenses: new Map() },
  approvedEntryIds: new Set(),
  approvedExpenseIds: new Set(),
};
/** Project 10's expenses verified for the month (the periods context folded a PeriodVerified). */
const verified: PeriodState = {
  ...open,
  lockedProjectIds: { timesheets: new Map(), expenses: new Map([[10, [NOVEMBER]]]) },
};
/** Project 10's time verified, its expenses not. */
const timeVerified: PeriodState = {
  ...open,
  lockedProjectIds: { timesheets: new Map([[10, [NOVEMBER]]]), expenses: new Map() },
};
/** Expense 'a' approved (the periods context folded an ExpensesApproved). */
const approved: PeriodState = { ...open, approvedExpenseIds: new Set(['a']) };

/**
 * given(events).when(command) or given(events).in(period).when(command): the kernel's
 * given/when/then over the expense part, deciding against the period state it is handed.
 */
function given(...history: LedgerStreamEvent[]) {
  const inPeriod = (period: PeriodState) =>
    givenEvents(
      {
        initialState: expenseLedgerPart.initialState,
        evolve: expenseLedgerPart.evolve,
        decide: (command: ExpenseLedgerCommand, state) => expenseLedgerPart.decide(command, state, period),
      },
      history,
    );
  return { ...inPeriod(open), in: inPeriod };
}

const claim = (...expenses: { expenseId: string; fields: ExpenseFields }[]): ExpenseLedgerCommand => ({
  type: 'ClaimExpenses',
  data: {
    employeeId: 7,
    month: '2025-11',
    projectNames: names,
    expenses: expenses.map((e) => ({ ...e, version: 1, movedFrom: null })),
  },
});
const correct = (expenseId: string, after: ExpenseFields, expectedVersion = 1): ExpenseLedgerCommand => ({
  type: 'CorrectExpense',
  data: { employeeId: 7, expenseId, expectedVersion, after, projectNames: names },
});
const withdraw = (
  expenseId: string,
  expectedVersion = 1,
  movedTo: string | null = null,
): ExpenseLedgerCommand => ({
  type: 'WithdrawExpense',
  data: { employeeId: 7, expenseId, expectedVersion, projectNames: names, movedTo },
});

describe('ClaimExpenses', () => {
  it('records one ExpenseClaimed per expense', () => {
    const { events } = given().when(
      claim({ expenseId: 'a', fields: fields() }, { expenseId: 'b', fields: fields({ date: '2025-11-19' }) }),
    );
    expect(events).toEqual([claimed('a'), claimed('b', { date: '2025-11-19' })]);
  });

  it('a retry with the same expense ids appends nothing; other content under the same id is a conflict', () => {
    expect(given(claimed('a')).when(claim({ expenseId: 'a', fields: fields() })).events).toEqual([]);
    const { error } = given(claimed('a')).when(claim({ expenseId: 'a', fields: fields({ amount: '3' }) }));
    expect(error?.code).toBe('conflict');
  });

  it('a verified project and month is locked; another project stays open', () => {
    expect(
      given()
        .in(verified)
        .when(claim({ expenseId: 'a', fields: fields() })).error,
    ).toMatchObject({
      code: 'locked',
      message: 'Harbor Works is not editable',
    });
    expect(
      given()
        .in(verified)
        .when(claim({ expenseId: 'a', fields: fields({ projectId: 20 }) })).events,
    ).toHaveLength(1);
  });

  it('reads locks and approvals only from the period it is handed, not from its own fold', () => {
    const verifiedEvent: LedgerStreamEvent = {
      type: 'PeriodVerified',
      data: { employeeId: 7, projectId: 10, month: '2025-11' },
    };
    const approvedEvent: LedgerStreamEvent = { type: 'ExpensesApproved', data: { expenseIds: ['a'] } };
    expect(given(verifiedEvent).when(claim({ expenseId: 'a', fields: fields() })).events).toHaveLength(1);
    expect(given(claimed('a'), approvedEvent).when(withdraw('a')).events).toHaveLength(1);
    expect(
      given(verifiedEvent)
        .in(verified)
        .when(claim({ expenseId: 'a', fields: fields() })).error?.code,
    ).toBe('locked');
  });

  it('ignores timesheet events on the same stream', () => {
    const timesheet: LedgerStreamEvent = {
      type: 'TimesheetSubmitted',
      data: {
        entryId: 'a',
        employeeId: 7,
        projectId: 10,
        subProjectId: null,
        date: '2025-11-18',
        hours: '8',
        overtimeHours: null,
        comment: 'Site visit',
        lateEntry: false,
        version: 1,
        movedFrom: null,
      },
    };
    const approvedTime: LedgerStreamEvent = { type: 'TimesheetsApproved', data: { entryIds: ['a'] } };
    expect(
      given(timesheet, approvedTime).when(claim({ expenseId: 'a', fields: fields() })).events,
    ).toHaveLength(1);
  });

  it('refuses an expense of another month (the handler splits by month)', () => {
    expect(() => given().when(claim({ expenseId: 'a', fields: fields({ date: '2025-12-01' }) }))).toThrow(
      /does not belong/,
    );
  });
});

describe('CorrectExpense', () => {
  it('records before and after with the next version', () => {
    const after = fields({ amount: '20', claimed: '27.00', comment: 'Two visits' });
    expect(given(claimed('a')).when(correct('a', after)).events).toEqual([
      {
        type: 'ExpenseCorrected',
        data: { expenseId: 'a', employeeId: 7, before: fields(), after, version: 2 },
      },
    ]);
  });

  it('an unchanged expense records nothing', () => {
    expect(given(claimed('a')).when(correct('a', fields())).events).toEqual([]);
  });

  it('an approved expense cannot be changed', () => {
    expect(
      given(claimed('a'))
        .in(approved)
        .when(correct('a', fields({ amount: '1' }))).error,
    ).toMatchObject({
      code: 'validation',
      message: 'This expense is approved and can no longer be changed.',
      problems: [{ path: 'id', message: 'This expense is approved and can no longer be changed.' }],
    });
  });

  it('a stale version is a conflict', () => {
    const history: LedgerStreamEvent[] = [
      claimed('a'),
      {
        type: 'ExpenseCorrected',
        data: { expenseId: 'a', employeeId: 7, before: fields(), after: fields({ amount: '2' }), version: 2 },
      },
    ];
    expect(given(...history).when(correct('a', fields({ amount: '3' }), 1)).error).toMatchObject({
      code: 'conflict',
      message: 'This expense was changed in the meantime. Reload it and try again.',
    });
  });

  it('a locked month refuses corrections, also into a locked project', () => {
    expect(
      given(claimed('a'))
        .in(verified)
        .when(correct('a', fields({ amount: '1' }))).error?.code,
    ).toBe('locked');
    const intoLocked = given(claimed('a', { projectId: 20 }))
      .in(verified)
      .when(correct('a', fields()));
    expect(intoLocked.error).toMatchObject({ code: 'locked', message: 'Harbor Works is not editable' });
  });

  it('an unknown expense, or another person’s, is not found', () => {
    expect(given().when(correct('zzz', fields())).error?.code).toBe('not_found');
    const other: LedgerStreamEvent = {
      type: 'ExpenseClaimed',
      data: { expenseId: 'a', employeeId: 8, ...fields(), version: 1, movedFrom: null },
    };
    expect(given(other).when(correct('a', fields({ amount: '1' }))).error?.code).toBe('not_found');
  });
});

describe('locks per kind and the admin’s correction', () => {
  const byAdmin = (expenseId: string, after: ExpenseFields): ExpenseLedgerCommand => ({
    type: 'CorrectExpense',
    data: { employeeId: 7, expenseId, expectedVersion: 1, after, projectNames: names, byAdmin: true },
  });

  it('time verified for the project leaves its expenses open to the person', () => {
    expect(
      given(claimed('a'))
        .in(timeVerified)
        .when(correct('a', fields({ amount: '1' }))).events,
    ).toHaveLength(1);
    expect(
      given()
        .in(timeVerified)
        .when(claim({ expenseId: 'b', fields: fields() })).events,
    ).toHaveLength(1);
  });

  it('an admin corrects an expense of a verified project: before -> after, the lock does not stop them', () => {
    const after = fields({ amount: '20', claimed: '27.00' });
    expect(given(claimed('a')).in(verified).when(byAdmin('a', after)).events).toEqual([
      {
        type: 'ExpenseCorrected',
        data: { expenseId: 'a', employeeId: 7, before: fields(), after, version: 2 },
      },
    ]);
  });

  it('an admin never changes an approved expense (409, the review’s message)', () => {
    expect(
      given(claimed('a'))
        .in(approved)
        .when(byAdmin('a', fields({ amount: '1' }))).error,
    ).toMatchObject({
      code: 'conflict',
      message: 'This row is approved and can no longer be changed.',
    });
  });
});

describe('WithdrawExpense', () => {
  it('records what was withdrawn, and a withdrawn expense is gone', () => {
    const { events } = given(claimed('a')).when(withdraw('a'));
    expect(events).toEqual([
      { type: 'ExpenseWithdrawn', data: { expenseId: 'a', employeeId: 7, before: fields(), movedTo: null } },
    ]);
    expect(given(claimed('a'), events[0]).when(withdraw('a')).error?.code).toBe('not_found');
  });

  it('refuses approved, locked and stale expenses', () => {
    expect(given(claimed('a')).in(approved).when(withdraw('a')).error?.code).toBe('validation');
    expect(given(claimed('a')).in(verified).when(withdraw('a')).error?.code).toBe('locked');
    expect(given(claimed('a')).when(withdraw('a', 3)).error?.code).toBe('conflict');
  });
});

describe('moving an expense to another month', () => {
  it('is a withdrawal naming the new month plus a claim there with the next version', () => {
    expect(given(claimed('a')).when(withdraw('a', 1, '2025-12')).events[0]).toMatchObject({
      type: 'ExpenseWithdrawn',
      data: { movedTo: '2025-12' },
    });
    const command: ExpenseLedgerCommand = {
      type: 'ClaimExpenses',
      data: {
        employeeId: 7,
        month: '2025-12',
        projectNames: names,
        expenses: [
          {
            expenseId: 'a',
            fields: fields({ date: '2025-12-02' }),
            version: 2,
            movedFrom: { month: '2025-11', before: fields() },
          },
        ],
      },
    };
    expect(given().when(command).events[0]).toMatchObject({
      type: 'ExpenseClaimed',
      data: { expenseId: 'a', version: 2, date: '2025-12-02', movedFrom: { month: '2025-11' } },
    });
  });
});
