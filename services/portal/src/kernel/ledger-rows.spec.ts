import { describe, expect, it } from '@jest/globals';
import { addDays, monthOf, type PeriodState } from '@portal/contracts';
import { pinnedInstant } from '../../../../e2e/support/test-now';
import { DomainError } from './domain-error';
import * as rules from './ledger-rows';

/** The run's day (from the pinned "now"): the rows below are on it, the locks cover it. */
const today = pinnedInstant().toISOString().slice(0, 10);

const rows: rules.LedgerRows = {
  kind: 'expenses',
  noun: 'Row',
  approvedIds: (period) => period.approvedExpenseIds,
  messages: {
    notEditable: (project) => `${project} is locked`,
    notFound: 'No such row.',
    approved: 'Approved rows are final.',
    staleVersion: 'Changed meanwhile.',
  },
};

const period = (changes: Partial<PeriodState> = {}): PeriodState => ({
  lockedProjectIds: { timesheets: new Map(), expenses: new Map() },
  approvedEntryIds: new Set(),
  approvedExpenseIds: new Set(),
  ...changes,
});
/** Projects 10's and 11's expenses verified for today; their time not. */
const todayOnly = [{ from: today, through: today }];
const expensesLocked = period({
  lockedProjectIds: {
    timesheets: new Map(),
    expenses: new Map([
      [10, todayOnly],
      [11, todayOnly],
    ]),
  },
});
const names = new Map([[10, 'Harbor Works']]);
const row = { employeeId: 7, projectId: 10, date: today, version: 2 };
const change = { employeeId: 7, expectedVersion: 2, projectNames: names };

function errorOf(act: () => unknown): DomainError {
  try {
    act();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('no DomainError thrown');
}

describe('assertUnlocked', () => {
  it("refuses a row on a day its kind's lock covers, naming the project (423)", () => {
    const error = errorOf(() => rules.assertUnlocked(rows, expensesLocked, row, names, {}));
    expect(error.code).toBe('locked');
    expect(error.message).toBe('Harbor Works is locked');
    expect(
      errorOf(() => rules.assertUnlocked(rows, expensesLocked, { ...row, projectId: 11 }, names, {})).message,
    ).toBe('Project 11 is locked');
  });

  it("lets an admin's change through, and the other kind's lock does not count", () => {
    expect(() => rules.assertUnlocked(rows, expensesLocked, row, names, { byAdmin: true })).not.toThrow();
    const timeLocked = period({
      lockedProjectIds: { timesheets: expensesLocked.lockedProjectIds.expenses, expenses: new Map() },
    });
    expect(() => rules.assertUnlocked(rows, timeLocked, row, names, {})).not.toThrow();
  });
});

describe('changeableRow', () => {
  it('answers the row when it is the person’s, open, not approved and at the version read', () => {
    expect(rules.changeableRow(rows, period(), 'e1', row, change)).toBe(row);
  });

  it("refuses another person's row, or none, as not found", () => {
    expect(errorOf(() => rules.changeableRow(rows, period(), 'e1', undefined, change)).code).toBe(
      'not_found',
    );
    expect(
      errorOf(() => rules.changeableRow(rows, period(), 'e1', { ...row, employeeId: 8 }, change)).message,
    ).toBe('No such row.');
  });

  it("refuses an approved row: the person's field problem, the admin's conflict", () => {
    const approved = period({ approvedExpenseIds: new Set(['e1']) });
    const own = errorOf(() => rules.changeableRow(rows, approved, 'e1', row, change));
    expect([own.code, own.problems]).toEqual([
      'validation',
      [{ path: 'id', message: 'Approved rows are final.' }],
    ]);
    expect(
      errorOf(() => rules.changeableRow(rows, approved, 'e1', row, { ...change, byAdmin: true })).code,
    ).toBe('conflict');
  });

  it('refuses a locked row and a stale version', () => {
    expect(errorOf(() => rules.changeableRow(rows, expensesLocked, 'e1', row, change)).code).toBe('locked');
    const stale = errorOf(() =>
      rules.changeableRow(rows, period(), 'e1', row, { ...change, expectedVersion: 1 }),
    );
    expect([stale.code, stale.message]).toEqual(['conflict', 'Changed meanwhile.']);
  });
});

describe('rowsToRecord', () => {
  const submission = { month: monthOf(today), projectNames: names };
  const item = (id: string, projectId: number, comment = 'Site') => ({
    id,
    fields: { projectId, date: today, comment },
  });
  const recorded = {
    idOf: (i: { id: string }) => i.id,
    rows: new Map([['e1', { projectId: 12, date: today, comment: 'Site' }]]),
  };
  const same = (a: { comment: string }, b: { comment: string }) => a.comment === b.comment;
  const toRecord = (on: PeriodState, items: ReturnType<typeof item>[], change: rules.AdminChange = {}) =>
    rules.rowsToRecord(rows, on, { ...submission, ...change }, items, recorded, same);

  it("leaves out a retried command's rows already recorded with the same fields, and keeps the new ones", () => {
    const items = [item('e1', 12), item('e2', 12)];
    expect(toRecord(period(), items)).toEqual([items[1]]);
  });

  it('refuses a recorded id with other fields as a conflict naming the row, and a locked row (423)', () => {
    const conflict = errorOf(() => toRecord(period(), [item('e1', 12, 'Taxi')]));
    expect([conflict.code, conflict.message]).toEqual(['conflict', 'Row e1 is already recorded.']);
    expect(errorOf(() => toRecord(expensesLocked, [item('e3', 10)])).code).toBe('locked');
    expect(toRecord(expensesLocked, [item('e3', 10)], { byAdmin: true })).toHaveLength(1);
  });

  it("throws on a row dated outside the ledger's month (a handler's mistake, never a person's)", () => {
    const later = monthOf(addDays(today, 40));
    expect(() =>
      rules.rowsToRecord(rows, period(), { ...submission, month: later }, [item('e2', 12)], recorded, same),
    ).toThrow(`does not belong to the ledger of ${later}`);
  });
});

describe('correctableRow', () => {
  const open = { ...row, projectId: 12 };
  const to = (after: { projectId: number; date: string }) => ({ ...change, after });

  it("answers the row when its correction stays unlocked in the row's month", () => {
    expect(rules.correctableRow(rows, period(), 'e1', open, to({ projectId: 12, date: today }))).toBe(open);
  });

  it('refuses a correction onto a locked project (423), and throws on one to another month', () => {
    const onto = to({ projectId: 10, date: today });
    expect(errorOf(() => rules.correctableRow(rows, expensesLocked, 'e1', open, onto)).code).toBe('locked');
    const moved = to({ projectId: 12, date: addDays(today, 40) });
    expect(() => rules.correctableRow(rows, period(), 'e1', open, moved)).toThrow('stays in its month');
  });
});

describe('a part’s rows by id', () => {
  const before = new Map([['e1', { comment: 'Site visit', version: 1 }]]);

  it('adds or replaces a row, and removes one, leaving the rows it was given as they were', () => {
    expect([...rules.withRow(before, 'e2', { comment: 'Parking', version: 1 }).keys()]).toEqual(['e1', 'e2']);
    expect(rules.withRow(before, 'e1', { comment: 'Taxi', version: 3 }).get('e1')).toEqual({
      comment: 'Taxi',
      version: 3,
    });
    expect(rules.withoutRow(before, 'e1').size).toBe(0);
    expect(before.get('e1')).toEqual({ comment: 'Site visit', version: 1 });
  });

  it('corrects a known row to its new fields and version; an unknown id changes nothing', () => {
    expect(rules.withCorrectedRow(before, 'e1', { comment: 'Taxi' }, 2).get('e1')).toEqual({
      comment: 'Taxi',
      version: 2,
    });
    expect(rules.withCorrectedRow(before, 'e9', { comment: 'Taxi' }, 2)).toBe(before);
  });
});
