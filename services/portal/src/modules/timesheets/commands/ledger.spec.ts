// Fixed dates: the ledger decider given events and commands with their own dates and today.
import { ledgerStreamId, type LedgerStreamEvent, type TimesheetEntryFields } from '@portal/contracts';
import { given as givenEvents } from '../../../kernel/testing/given-when-then';
import { ledgerDecider } from '../../periods';
import { timesheetPart, type TimesheetDecision } from '../domain/ledger';

const today = '2025-11-19'; // Wednesday; Monday 2025-11-17
const names = new Map([
  [10, 'Harbor Works'],
  [20, 'Sight Ops'],
]);
const fields = (overrides: Partial<TimesheetEntryFields> = {}): TimesheetEntryFields => ({
  projectId: 10,
  subProjectId: null,
  date: '2025-11-18',
  hours: '8',
  overtimeHours: null,
  comment: 'Survey',
  ...overrides,
});

function submitted(
  entryId: string,
  overrides: Partial<TimesheetEntryFields> = {},
  version = 1,
): LedgerStreamEvent {
  return {
    type: 'TimesheetSubmitted',
    data: { entryId, employeeId: 7, ...fields(overrides), lateEntry: false, version, movedFrom: null },
  };
}

/**
 * given(events).when(command): the kernel's given/when/then over the ledger as the periods
 * context runs it (the period's locks and approvals folded beside the entries).
 */
const given = (...history: LedgerStreamEvent[]) => givenEvents(ledgerDecider(timesheetPart), history);

const submit = (entries: { entryId: string; fields: TimesheetEntryFields }[]): TimesheetDecision => ({
  type: 'SubmitTimesheet',
  data: {
    employeeId: 7,
    month: '2025-11',
    today,
    projectNames: names,
    entries: entries.map((e) => ({ ...e, version: 1, movedFrom: null })),
  },
});
const correct = (entryId: string, after: TimesheetEntryFields, expectedVersion = 1): TimesheetDecision => ({
  type: 'CorrectTimesheetEntry',
  data: { employeeId: 7, entryId, expectedVersion, after, today, projectNames: names },
});
const withdraw = (entryId: string, expectedVersion = 1): TimesheetDecision => ({
  type: 'WithdrawTimesheetEntry',
  data: { employeeId: 7, entryId, expectedVersion, today, projectNames: names, movedTo: null },
});
const verified: LedgerStreamEvent = {
  type: 'PeriodVerified',
  data: { employeeId: 7, projectId: 10, month: '2025-11' },
};

describe('ledger stream', () => {
  it('is one person and one month', () => {
    expect(ledgerStreamId(7, '2025-11')).toBe('ledger-7-2025-11');
  });
});

describe('SubmitTimesheet', () => {
  it('records one TimesheetSubmitted per entry, late when before Monday', () => {
    const { events } = given().when(
      submit([
        { entryId: 'a', fields: fields({ date: '2025-11-14' }) },
        { entryId: 'b', fields: fields({ date: '2025-11-17' }) },
      ]),
    );
    expect(events).toEqual([
      {
        type: 'TimesheetSubmitted',
        data: {
          entryId: 'a',
          employeeId: 7,
          ...fields({ date: '2025-11-14' }),
          lateEntry: true,
          version: 1,
          movedFrom: null,
        },
      },
      {
        type: 'TimesheetSubmitted',
        data: {
          entryId: 'b',
          employeeId: 7,
          ...fields({ date: '2025-11-17' }),
          lateEntry: false,
          version: 1,
          movedFrom: null,
        },
      },
    ]);
  });

  it('ignores the expense events that share the stream of the month', () => {
    const claimed = { type: 'ExpenseClaimed', data: { expenseId: 'x', projectId: 10 } } as LedgerStreamEvent;
    const { events, error } = given(claimed, submitted('a')).when(
      submit([{ entryId: 'b', fields: fields({ date: '2025-11-20' }) }]),
    );
    expect(error).toBeNull();
    expect(events.map((e) => e.type)).toEqual(['TimesheetSubmitted']);
  });

  it('a retry with the same entry ids appends nothing', () => {
    expect(given(submitted('a')).when(submit([{ entryId: 'a', fields: fields() }])).events).toEqual([]);
  });

  it('the same entry id with other content is a conflict', () => {
    const { error } = given(submitted('a')).when(submit([{ entryId: 'a', fields: fields({ hours: '2' }) }]));
    expect(error?.code).toBe('conflict');
  });

  it('a verified project and month is locked', () => {
    const { error } = given(verified).when(submit([{ entryId: 'a', fields: fields() }]));
    expect(error).toMatchObject({ code: 'locked', message: 'Harbor Works is not editable' });
  });

  it('another project of the same month stays open', () => {
    const { events } = given(verified).when(submit([{ entryId: 'a', fields: fields({ projectId: 20 }) }]));
    expect(events).toHaveLength(1);
  });

  it('refuses an entry of another month (the handler splits batches by month)', () => {
    expect(() => given().when(submit([{ entryId: 'a', fields: fields({ date: '2025-12-01' }) }]))).toThrow(
      /does not belong/,
    );
  });
});

describe('CorrectTimesheetEntry', () => {
  it('records before and after with the next version', () => {
    const after = fields({ hours: '6', comment: 'Review' });
    expect(given(submitted('a')).when(correct('a', after)).events).toEqual([
      {
        type: 'TimesheetEntryCorrected',
        data: { entryId: 'a', employeeId: 7, before: fields(), after, version: 2, lateEntry: false },
      },
    ]);
  });

  it('is late when the old or the new date is before Monday', () => {
    const fromOld = given(submitted('a', { date: '2025-11-03' })).when(
      correct('a', fields({ date: '2025-11-18' })),
    );
    expect(fromOld.events[0]).toMatchObject({ data: { lateEntry: true } });
    const toOld = given(submitted('a')).when(correct('a', fields({ date: '2025-11-03' })));
    expect(toOld.events[0]).toMatchObject({ data: { lateEntry: true } });
  });

  it('a stale version is a conflict', () => {
    const history = [submitted('a'), submitted('a', { hours: '5' }, 2)];
    expect(given(...history).when(correct('a', fields({ hours: '6' }), 1)).error).toMatchObject({
      code: 'conflict',
      message: 'This timesheet entry was changed in the meantime. Reload it and try again.',
    });
  });

  it('an approved entry cannot be corrected', () => {
    const approved: LedgerStreamEvent = { type: 'TimesheetsApproved', data: { entryIds: ['a'] } };
    expect(given(submitted('a'), approved).when(correct('a', fields({ hours: '1' }))).error).toMatchObject({
      code: 'validation',
      message: 'This timesheet entry is approved and can no longer be changed.',
      problems: [{ path: 'id', message: 'This timesheet entry is approved and can no longer be changed.' }],
    });
  });

  it('a locked month refuses corrections, also into a locked project', () => {
    expect(given(submitted('a'), verified).when(correct('a', fields({ hours: '1' }))).error?.code).toBe(
      'locked',
    );
    const intoLocked = given(submitted('a', { projectId: 20 }), verified).when(correct('a', fields()));
    expect(intoLocked.error).toMatchObject({ code: 'locked', message: 'Harbor Works is not editable' });
  });

  it('an unknown entry, or another person’s, is not found', () => {
    expect(given().when(correct('zzz', fields())).error?.code).toBe('not_found');
    const other: LedgerStreamEvent = {
      type: 'TimesheetSubmitted',
      data: { entryId: 'a', employeeId: 8, ...fields(), lateEntry: false, version: 1, movedFrom: null },
    };
    expect(given(other).when(correct('a', fields({ hours: '1' }))).error?.code).toBe('not_found');
  });

  it('an unchanged entry records nothing', () => {
    expect(given(submitted('a')).when(correct('a', fields())).events).toEqual([]);
  });
});

describe('WithdrawTimesheetEntry', () => {
  it('records what was withdrawn', () => {
    expect(given(submitted('a', { date: '2025-11-10' })).when(withdraw('a')).events).toEqual([
      {
        type: 'TimesheetEntryWithdrawn',
        data: {
          entryId: 'a',
          employeeId: 7,
          before: fields({ date: '2025-11-10' }),
          lateEntry: true,
          movedTo: null,
        },
      },
    ]);
  });

  it('a withdrawn entry is gone', () => {
    const gone: LedgerStreamEvent = {
      type: 'TimesheetEntryWithdrawn',
      data: { entryId: 'a', employeeId: 7, before: fields(), lateEntry: false, movedTo: null },
    };
    expect(given(submitted('a'), gone).when(withdraw('a')).error?.code).toBe('not_found');
  });

  it('refuses approved, locked and stale entries', () => {
    const approved: LedgerStreamEvent = { type: 'TimesheetsApproved', data: { entryIds: ['a'] } };
    expect(given(submitted('a'), approved).when(withdraw('a')).error?.code).toBe('validation');
    expect(given(submitted('a'), verified).when(withdraw('a')).error?.code).toBe('locked');
    expect(given(submitted('a')).when(withdraw('a', 3)).error?.code).toBe('conflict');
  });
});

describe('moving an entry to another month', () => {
  it('submits in the new ledger with the next version and where it came from', () => {
    const command: TimesheetDecision = {
      type: 'SubmitTimesheet',
      data: {
        employeeId: 7,
        month: '2025-12',
        today,
        projectNames: names,
        entries: [
          {
            entryId: 'a',
            fields: fields({ date: '2025-12-01' }),
            version: 3,
            movedFrom: { month: '2025-11', before: fields({ date: '2025-11-03' }) },
          },
        ],
      },
    };
    expect(given().when(command).events[0]).toMatchObject({
      type: 'TimesheetSubmitted',
      data: { entryId: 'a', version: 3, lateEntry: true, movedFrom: { month: '2025-11' } },
    });
  });
});

describe('locks per kind, returns and the admin’s correction', () => {
  const verifiedAs = (what: 'timesheets' | 'expenses'): LedgerStreamEvent => ({
    type: 'PeriodVerified',
    data: { employeeId: 7, projectId: 10, month: '2025-11', what },
  });
  const approved: LedgerStreamEvent = { type: 'TimesheetsApproved', data: { entryIds: ['a'] } };
  const returned = (entryIds: string[], expenseIds: string[] = []): LedgerStreamEvent => ({
    type: 'PeriodReturned',
    data: {
      employeeId: 7,
      projectId: 10,
      month: '2025-11',
      reason: 'Split the survey',
      entryIds,
      expenseIds,
    },
  });
  const byAdmin = (entryId: string, after: TimesheetEntryFields): TimesheetDecision => ({
    type: 'CorrectTimesheetEntry',
    data: { employeeId: 7, entryId, expectedVersion: 1, after, today, projectNames: names, byAdmin: true },
  });

  it('expenses verified leave the project’s time open; time verified locks it', () => {
    expect(
      given(submitted('a'), verifiedAs('expenses')).when(correct('a', fields({ hours: '7' }))).events,
    ).toHaveLength(1);
    expect(
      given(submitted('a'), verifiedAs('timesheets')).when(correct('a', fields({ hours: '7' }))).error,
    ).toMatchObject({
      code: 'locked',
      message: 'Harbor Works is not editable',
    });
  });

  it('a returned entry opens the time again: the person edits, adds and deletes until they verify again', () => {
    const history = [
      submitted('a'),
      submitted('b', { date: '2025-11-17' }),
      verifiedAs('timesheets'),
      approved,
      returned(['a']),
    ];
    expect(given(...history).when(correct('a', fields({ hours: '6' }))).events).toHaveLength(1);
    expect(given(...history).when(withdraw('b')).events).toHaveLength(1);
    expect(
      given(...history).when(submit([{ entryId: 'c', fields: fields({ date: '2025-11-20' }) }])).events,
    ).toHaveLength(1);
    const relocked = given(...history, verifiedAs('timesheets')).when(correct('a', fields({ hours: '6' })));
    expect(relocked.error?.code).toBe('locked');
  });

  it('returning only expenses keeps the verified time locked', () => {
    const history = [submitted('a'), verifiedAs('timesheets'), returned([], ['x'])];
    expect(given(...history).when(correct('a', fields({ hours: '6' }))).error?.code).toBe('locked');
  });

  it('an admin corrects a locked entry (before -> after, never a late entry) but never an approved one', () => {
    const after = fields({ date: '2025-11-03', hours: '6' });
    expect(given(submitted('a'), verified).when(byAdmin('a', after)).events).toEqual([
      {
        type: 'TimesheetEntryCorrected',
        data: { entryId: 'a', employeeId: 7, before: fields(), after, version: 2, lateEntry: false },
      },
    ]);
    expect(given(submitted('a'), approved).when(byAdmin('a', after)).error).toMatchObject({
      code: 'conflict',
      message: 'This row is approved and can no longer be changed.',
    });
  });
});
