// Fixed dates: the verify page's periods for a given today (pure functions).
import { addDays, startOfMonthOffset } from '../kernel/dates';
import type { LedgerLockCheck } from './lock-check';
import { spansCoverAll } from './periods';
import {
  monthSpansOf,
  verificationPeriodChosen,
  verificationPeriodOfRange,
  verificationPeriods,
  verifiedKindsOf,
} from './verification';

/** The verify page's periods (calendar months, then the project's cycle) and when one is verified. */

const FIXED = 'Fixed Offset (26 to 25)';
const FLOATING = 'Floating Offset (Last Friday of month)';
const WEEKLY = 'Weekly (Saturday to Friday)';
const days = (periods: readonly { start: string; end: string }[]) => periods.map((p) => [p.start, p.end]);

describe('the periods the verify page offers before a project is chosen: calendar months', () => {
  it('are the latest entry month and the two before it, newest first, labelled as the spec does', () => {
    expect(verificationPeriods('2026-11-20', '2026-11-23')).toEqual([
      {
        cycle: 'Standard Month (First to last)',
        key: '2026-11',
        label: 'Nov - 2026',
        start: '2026-11-01',
        end: '2026-11-30',
      },
      {
        cycle: 'Standard Month (First to last)',
        key: '2026-10',
        label: 'Oct - 2026',
        start: '2026-10-01',
        end: '2026-10-31',
      },
      {
        cycle: 'Standard Month (First to last)',
        key: '2026-09',
        label: 'Sep - 2026',
        start: '2026-09-01',
        end: '2026-09-30',
      },
    ]);
  });

  it('follow the latest entry, not today: an entry two months ahead moves the list', () => {
    expect(verificationPeriods('2027-01-04', '2026-11-23').map((p) => p.key)).toEqual([
      '2027-01',
      '2026-12',
      '2026-11',
    ]);
    expect(verificationPeriods('2026-08-31', '2026-11-23').map((p) => p.key)).toEqual([
      '2026-08',
      '2026-07',
      '2026-06',
    ]);
  });

  it('start from today for a person with no entry yet', () => {
    expect(verificationPeriods(null, '2026-01-15').map((p) => p.label)).toEqual([
      'Jan - 2026',
      'Dec - 2025',
      'Nov - 2025',
    ]);
  });

  it('end on the last day of each month, leap years included', () => {
    expect(days(verificationPeriods('2028-03-02', '2028-03-02'))).toEqual([
      ['2028-03-01', '2028-03-31'],
      ['2028-02-01', '2028-02-29'],
      ['2028-01-01', '2028-01-31'],
    ]);
    expect(verificationPeriods('2100-03-01', '2100-03-01')[1]!.end).toBe('2100-02-28');
  });
});

describe('the periods the verify page offers for a project: its billing cycle', () => {
  it('Fixed Offset: the period holding the latest entry and the two before, each 26th to 25th', () => {
    const periods = verificationPeriods('2026-11-20', '2026-11-23', FIXED);
    expect(periods.map((p) => [p.key, p.label, p.start, p.end])).toEqual([
      ['2026-11', 'Nov - 2026', '2026-10-26', '2026-11-25'],
      ['2026-10', 'Oct - 2026', '2026-09-26', '2026-10-25'],
      ['2026-09', 'Sep - 2026', '2026-08-26', '2026-09-25'],
    ]);
    expect(periods.every((p) => p.cycle === FIXED)).toBe(true);
  });

  it('Fixed Offset: an entry on or after the 26th is in the next period; every period touching the two months before stays', () => {
    expect(verificationPeriods('2026-11-26', '2026-11-23', FIXED).map((p) => p.label)).toEqual([
      'Dec - 2026',
      'Nov - 2026',
      'Oct - 2026',
      'Sep - 2026',
    ]);
  });

  it('Fixed Offset across a year end and a leap day', () => {
    expect(days(verificationPeriods('2027-01-10', '2027-01-10', FIXED))).toEqual([
      ['2026-12-26', '2027-01-25'],
      ['2026-11-26', '2026-12-25'],
      ['2026-10-26', '2026-11-25'],
    ]);
    const leap = verificationPeriods('2028-02-29', '2028-02-29', FIXED);
    expect(leap.map((p) => p.label)).toEqual(['Mar - 2028', 'Feb - 2028', 'Jan - 2028', 'Dec - 2027']);
    expect(days(leap.slice(0, 2))).toEqual([
      ['2028-02-26', '2028-03-25'],
      ['2028-01-26', '2028-02-25'],
    ]);
    expect(days(verificationPeriods('2100-03-01', '2100-03-01', FIXED))).toEqual([
      ['2100-02-26', '2100-03-25'],
      ['2100-01-26', '2100-02-25'],
      ['2099-12-26', '2100-01-25'],
    ]);
  });

  it('Floating Offset: from the day after one last Friday to the next, a last Friday on the 31st included', () => {
    expect(
      verificationPeriods('2028-03-02', '2028-03-02', FLOATING).map((p) => [p.label, p.start, p.end]),
    ).toEqual([
      ['Mar - 2028', '2028-02-26', '2028-03-31'],
      ['Feb - 2028', '2028-01-29', '2028-02-25'],
      ['Jan - 2028', '2028-01-01', '2028-01-28'],
    ]);
  });

  it('Weekly: every week from the one holding the 1st of the month two months back to the latest entry’s week', () => {
    const weeks = verificationPeriods('2026-11-20', '2026-11-23', WEEKLY);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({
      cycle: WEEKLY,
      key: '2026-11-14',
      label: '14 Nov - 20 Nov 2026',
      start: '2026-11-14',
      end: '2026-11-20',
    });
    expect(weeks[11]!.label).toBe('29 Aug - 4 Sep 2026');
    // Adjacent, newest first: each week ends the day before the next one starts.
    weeks.slice(1).forEach((week, i) => expect(week.end < weeks[i]!.start).toBe(true));
  });

  it('Weekly across a year end and a leap day', () => {
    const yearEnd = verificationPeriods('2027-01-01', '2027-01-01', WEEKLY);
    expect(yearEnd[0]!.label).toBe('26 Dec 2026 - 1 Jan 2027');
    expect(yearEnd[yearEnd.length - 1]!.label).toBe('31 Oct - 6 Nov 2026');
    const leap = verificationPeriods('2028-02-29', '2028-02-29', WEEKLY);
    expect(leap).toHaveLength(14);
    expect(leap[0]!.label).toBe('26 Feb - 3 Mar 2028');
    expect(leap.map((w) => w.label)).toContain('1 Jan - 7 Jan 2028');
    expect(leap[13]!.label).toBe('27 Nov - 3 Dec 2027');
  });
});

describe('the period a choice names', () => {
  const fixed = verificationPeriods('2026-11-20', '2026-11-23', FIXED);
  const weekly = verificationPeriods('2026-11-20', '2026-11-23', WEEKLY);

  it('is the offered period with that key, else the newest', () => {
    expect(verificationPeriodChosen(fixed, FIXED, '2026-10').start).toBe('2026-09-26');
    expect(verificationPeriodChosen(fixed, FIXED, null).key).toBe('2026-11');
    expect(verificationPeriodChosen(fixed, FIXED, '2026-07').key).toBe('2026-11');
    expect(verificationPeriodChosen(fixed, FIXED, 'October').key).toBe('2026-11');
  });

  it('a month (a link, or a calendar month chosen before the project) names the week holding its 1st', () => {
    expect(verificationPeriodChosen(weekly, WEEKLY, '2026-11').label).toBe('31 Oct - 6 Nov 2026');
  });

  it('a week’s key names the monthly period holding it, and a day the week holding it', () => {
    expect(verificationPeriodChosen(fixed, FIXED, '2026-10-31').key).toBe('2026-11');
    expect(verificationPeriodChosen(weekly, WEEKLY, '2026-11-18').key).toBe('2026-11-14');
  });
});

describe('a date range that is exactly one period', () => {
  it('is the period of the cycle with those first and last days', () => {
    expect(verificationPeriodOfRange(FIXED, '2026-10-26', '2026-11-25')?.label).toBe('Nov - 2026');
    expect(verificationPeriodOfRange(WEEKLY, '2026-11-14', '2026-11-20')?.key).toBe('2026-11-14');
    expect(verificationPeriodOfRange('Standard Month (First to last)', '2028-02-01', '2028-02-29')?.key).toBe(
      '2028-02',
    );
  });

  it('is null for a calendar month of a 26-to-25 project, a shifted week, backwards or missing days', () => {
    expect(verificationPeriodOfRange(FIXED, '2026-11-01', '2026-11-30')).toBeNull();
    expect(verificationPeriodOfRange(FIXED, '2026-10-26', '2026-11-24')).toBeNull();
    expect(verificationPeriodOfRange(WEEKLY, '2026-11-15', '2026-11-21')).toBeNull();
    expect(verificationPeriodOfRange(FIXED, '2026-11-25', '2026-10-26')).toBeNull();
    expect(verificationPeriodOfRange(FIXED, '', '2026-11-25')).toBeNull();
    expect(
      verificationPeriodOfRange('Standard Month (First to last)', '2026-02-01', '2026-02-30'),
    ).toBeNull();
  });
});

describe('the days of each month a period covers', () => {
  it('splits a period at month ends, across a year end and a leap day', () => {
    expect(monthSpansOf({ start: '2026-12-26', end: '2027-01-25' })).toEqual([
      { month: '2026-12', from: '2026-12-26', through: '2026-12-31' },
      { month: '2027-01', from: '2027-01-01', through: '2027-01-25' },
    ]);
    expect(monthSpansOf({ start: '2028-02-26', end: '2028-03-25' })).toEqual([
      { month: '2028-02', from: '2028-02-26', through: '2028-02-29' },
      { month: '2028-03', from: '2028-03-01', through: '2028-03-25' },
    ]);
    expect(monthSpansOf({ start: '2026-11-14', end: '2026-11-20' })).toEqual([
      { month: '2026-11', from: '2026-11-14', through: '2026-11-20' },
    ]);
  });

  it('one span per month, none for a period that ends before it starts; a broken end throws at once', () => {
    // From a fixed day: a window of fourteen months.
    const today = '2026-11-23';
    const last = addDays(startOfMonthOffset(today, 14), -1);
    expect(monthSpansOf({ start: today, end: last })).toHaveLength(14);
    expect(monthSpansOf({ start: today, end: addDays(today, -1) })).toEqual([]);
    // The old walk stepped month by month toward year 10000 before it failed.
    for (const end of ['NaN-NaN-NaN', 'zzzz-12-31'])
      expect(() => monthSpansOf({ start: today, end })).toThrow(RangeError);
    expect(() => spansCoverAll([], { from: today, through: 'zzzz-12-31' })).toThrow(RangeError);
  });
});

describe('whether a period is verified, from the lock check of each month it touches', () => {
  const november = { start: '2026-10-26', end: '2026-11-25' };
  const locked = (month: string, spans: [string, string, string][]): LedgerLockCheck => ({
    locked: true,
    project: 'Pipeline Integrity Review',
    projectId: 12,
    month,
    verifiedAt: '2026-11-23 10:00',
    kinds: [...new Set(spans.map(([kind]) => kind as 'timesheets' | 'expenses'))],
    spans: spans.map(([kind, from, through]) => ({ kind: kind as 'timesheets' | 'expenses', from, through })),
    message: 'Pipeline Integrity Review is not editable',
  });

  it('a kind is verified when its locks cover every day of the period in both months', () => {
    const checks = [
      locked('2026-10', [['timesheets', '2026-10-26', '2026-10-31']]),
      locked('2026-11', [
        ['timesheets', '2026-11-01', '2026-11-25'],
        ['expenses', '2026-11-01', '2026-11-25'],
      ]),
    ];
    expect(verifiedKindsOf(november, checks)).toEqual(['timesheets']);
    // A whole month verified (the per-month route) covers the period's days in it.
    expect(
      verifiedKindsOf(november, [
        locked('2026-10', [['expenses', '2026-10-01', '2026-10-31']]),
        locked('2026-11', [['expenses', '2026-11-01', '2026-11-30']]),
      ]),
    ).toEqual(['expenses']);
  });

  it('is not verified when a month is open, returned (partly unlocked) or not answered yet', () => {
    const october = locked('2026-10', [['timesheets', '2026-10-26', '2026-10-31']]);
    expect(verifiedKindsOf(november, [october, { locked: false, projectId: 12, month: '2026-11' }])).toEqual(
      [],
    );
    expect(
      verifiedKindsOf(november, [october, locked('2026-11', [['timesheets', '2026-11-01', '2026-11-20']])]),
    ).toEqual([]);
    expect(verifiedKindsOf(november, [october, undefined])).toEqual([]);
    // The previous period's lock on 26-31 Nov says nothing of the next one.
    expect(
      verifiedKindsOf({ start: '2026-11-26', end: '2026-12-25' }, [
        locked('2026-11', [['timesheets', '2026-11-01', '2026-11-25']]),
        locked('2026-12', [['timesheets', '2026-12-01', '2026-12-25']]),
      ]),
    ).toEqual([]);
  });
});
