// Fixed dates: billing cycles of given days (pure functions).
import { BILLING_CYCLES, type BillingCycle } from '../kernel/constants';
import { addDays, daysBetween, daysFrom, monthOf, startOfMonthOffset } from '../kernel/dates';
import {
  BrokenBillingCycle,
  lastFridayOf,
  monthPeriodLabel,
  periodAfter,
  periodContaining,
  periodMatching,
  periodOfKey,
  periodOfMonth,
  periodsByRule,
  periodsOverlapping,
  periodTitle,
  personPeriods,
  reviewPeriods,
  type BillingPeriod,
  type PeriodRule,
} from './billing-cycles';

const STANDARD: BillingCycle = 'Standard Month (First to last)';
const FIXED: BillingCycle = 'Fixed Offset (26 to 25)';
const WEEKLY: BillingCycle = 'Weekly (Saturday to Friday)';
const FLOATING: BillingCycle = 'Floating Offset (Last Friday of month)';

/** cycle, a day, the period holding it: start, end, key, label */
type Row = readonly [BillingCycle, string, string, string, string, string];

// prettier-ignore
const ROWS: readonly Row[] = [
  // Standard month: the calendar month, leap day included, 2100 not a leap year.
  [STANDARD, '2026-11-23', '2026-11-01', '2026-11-30', '2026-11', 'Nov - 2026'],
  [STANDARD, '2026-12-31', '2026-12-01', '2026-12-31', '2026-12', 'Dec - 2026'],
  [STANDARD, '2027-01-01', '2027-01-01', '2027-01-31', '2027-01', 'Jan - 2027'],
  [STANDARD, '2028-02-29', '2028-02-01', '2028-02-29', '2028-02', 'Feb - 2028'],
  [STANDARD, '2100-02-28', '2100-02-01', '2100-02-28', '2100-02', 'Feb - 2100'],
  [STANDARD, '2100-03-01', '2100-03-01', '2100-03-31', '2100-03', 'Mar - 2100'],
  // Fixed offset: 26th of the previous month to the 25th, named by the month it ends in.
  [FIXED, '2026-11-23', '2026-10-26', '2026-11-25', '2026-11', 'Nov - 2026'],
  [FIXED, '2026-11-25', '2026-10-26', '2026-11-25', '2026-11', 'Nov - 2026'],
  [FIXED, '2026-11-26', '2026-11-26', '2026-12-25', '2026-12', 'Dec - 2026'],
  [FIXED, '2026-12-26', '2026-12-26', '2027-01-25', '2027-01', 'Jan - 2027'],
  [FIXED, '2027-01-01', '2026-12-26', '2027-01-25', '2027-01', 'Jan - 2027'],
  [FIXED, '2028-02-25', '2028-01-26', '2028-02-25', '2028-02', 'Feb - 2028'],
  [FIXED, '2028-02-29', '2028-02-26', '2028-03-25', '2028-03', 'Mar - 2028'],
  [FIXED, '2100-02-28', '2100-02-26', '2100-03-25', '2100-03', 'Mar - 2100'],
  [FIXED, '2100-03-25', '2100-02-26', '2100-03-25', '2100-03', 'Mar - 2100'],
  // Floating offset: the day after the previous month's last Friday to this month's last Friday.
  [FLOATING, '2026-11-23', '2026-10-31', '2026-11-27', '2026-11', 'Nov - 2026'],
  [FLOATING, '2026-11-27', '2026-10-31', '2026-11-27', '2026-11', 'Nov - 2026'],
  [FLOATING, '2026-11-28', '2026-11-28', '2026-12-25', '2026-12', 'Dec - 2026'],
  [FLOATING, '2026-12-26', '2026-12-26', '2027-01-29', '2027-01', 'Jan - 2027'],
  // December 2027's last Friday is the 31st: January 2028 starts on New Year's Day.
  [FLOATING, '2027-12-31', '2027-11-27', '2027-12-31', '2027-12', 'Dec - 2027'],
  [FLOATING, '2028-01-01', '2028-01-01', '2028-01-28', '2028-01', 'Jan - 2028'],
  [FLOATING, '2028-02-29', '2028-02-26', '2028-03-31', '2028-03', 'Mar - 2028'],
  [FLOATING, '2028-03-31', '2028-02-26', '2028-03-31', '2028-03', 'Mar - 2028'],
  [FLOATING, '2028-04-01', '2028-04-01', '2028-04-28', '2028-04', 'Apr - 2028'],
  [FLOATING, '2100-02-28', '2100-02-27', '2100-03-26', '2100-03', 'Mar - 2100'],
  [FLOATING, '2100-12-31', '2100-11-27', '2100-12-31', '2100-12', 'Dec - 2100'],
  // Weekly: Saturday to Friday, keyed by the Saturday.
  [WEEKLY, '2026-11-23', '2026-11-21', '2026-11-27', '2026-11-21', '21 Nov - 27 Nov 2026'],
  [WEEKLY, '2026-11-21', '2026-11-21', '2026-11-27', '2026-11-21', '21 Nov - 27 Nov 2026'],
  [WEEKLY, '2026-11-27', '2026-11-21', '2026-11-27', '2026-11-21', '21 Nov - 27 Nov 2026'],
  [WEEKLY, '2026-12-31', '2026-12-26', '2027-01-01', '2026-12-26', '26 Dec 2026 - 1 Jan 2027'],
  [WEEKLY, '2027-01-01', '2026-12-26', '2027-01-01', '2026-12-26', '26 Dec 2026 - 1 Jan 2027'],
  [WEEKLY, '2027-01-02', '2027-01-02', '2027-01-08', '2027-01-02', '2 Jan - 8 Jan 2027'],
  [WEEKLY, '2028-02-29', '2028-02-26', '2028-03-03', '2028-02-26', '26 Feb - 3 Mar 2028'],
  [WEEKLY, '2100-02-28', '2100-02-27', '2100-03-05', '2100-02-27', '27 Feb - 5 Mar 2100'],
];

describe('billing cycles: the period holding a day', () => {
  it.each(ROWS)('%s holds %s in %s to %s (%s, %s)', (cycle, day, start, end, key, label) => {
    expect(periodContaining(cycle, day)).toEqual({ cycle, start, end, key, label });
  });

  it('finds the last Friday of a month, the 31st included', () => {
    expect(lastFridayOf('2027-12')).toBe('2027-12-31');
    expect(lastFridayOf('2028-03')).toBe('2028-03-31');
    expect(lastFridayOf('2028-02')).toBe('2028-02-25');
    expect(lastFridayOf('2100-02')).toBe('2100-02-26');
    expect(lastFridayOf('2026-11')).toBe('2026-11-27');
  });

  it('labels months as the review does', () => {
    expect(monthPeriodLabel('2026-11')).toBe('Nov - 2026');
    expect(monthPeriodLabel('2027-01')).toBe('Jan - 2027');
  });
});

describe('billing cycles tile the calendar', () => {
  // Around the leap day of 2028 and the non-leap 2100, across year ends.
  const spans: readonly (readonly [string, string])[] = [
    ['2026-10-01', '2029-03-31'],
    ['2099-11-01', '2100-04-30'],
  ];

  it.each(BILLING_CYCLES)('%s: every day lies in exactly one period, periods follow each other', (cycle) => {
    for (const [first, last] of spans) {
      const periods = periodsOverlapping(cycle, first, last);
      expect(periods[0].start <= first).toBe(true);
      expect(periods[periods.length - 1].end >= last).toBe(true);
      for (let i = 1; i < periods.length; i++) {
        expect(periods[i].start).toBe(addDays(periods[i - 1].end, 1));
        expect(periods[i].key > periods[i - 1].key).toBe(true);
      }
      for (const period of periods) {
        const days = daysBetween(period.start, period.end).length;
        if (cycle === WEEKLY) expect(days).toBe(7);
        else expect(days >= 28 && days <= 35).toBe(true);
      }
      // Each day's own period is the one of the list that holds it.
      for (const day of daysBetween(first, last)) {
        const period = periodContaining(cycle, day);
        expect(period.start <= day && day <= period.end).toBe(true);
        expect(periods).toContainEqual(period);
      }
    }
  });

  it.each(BILLING_CYCLES)('%s: a period is found again by its key and by its days', (cycle) => {
    for (const period of periodsOverlapping(cycle, '2027-11-01', '2028-04-30')) {
      expect(periodOfKey(cycle, period.key)).toEqual(period);
      expect(periodMatching(cycle, period.start, period.end)).toEqual(period);
      expect(periodAfter(periodAfter(period, 1), -1)).toEqual(period);
    }
  });

  it('a range that is not a period, and keys a cycle does not use, find nothing', () => {
    expect(periodMatching(STANDARD, '2026-11-01', '2026-11-29')).toBeNull();
    expect(periodMatching(FIXED, '2026-11-01', '2026-11-30')).toBeNull();
    expect(periodMatching(WEEKLY, '2026-11-22', '2026-11-28')).toBeNull();
    expect(periodOfKey(WEEKLY, '2026-11-22')).toBeNull();
    expect(periodOfKey(WEEKLY, '2026-02-31')).toBeNull();
    expect(periodOfKey(WEEKLY, '2026-11')).toBeNull();
    expect(periodOfKey(STANDARD, '2026-13')).toBeNull();
    expect(periodOfKey(FIXED, '2026-11-21')).toBeNull();
  });

  it('names a monthly period by its month', () => {
    expect(periodOfMonth(FIXED, '2027-01')).toMatchObject({ start: '2026-12-26', end: '2027-01-25' });
    expect(periodOfMonth(FLOATING, '2028-01')).toMatchObject({ start: '2028-01-01', end: '2028-01-28' });
    expect(periodOfMonth(STANDARD, '2100-02')).toMatchObject({ start: '2100-02-01', end: '2100-02-28' });
  });

  it('titles a period with its days when the label does not say them', () => {
    expect(periodTitle(periodOfMonth(FIXED, '2027-01'))).toBe('Jan - 2027 (26 Dec 2026 - 25 Jan 2027)');
    expect(periodTitle(periodOfMonth(STANDARD, '2028-02'))).toBe('Feb - 2028 (1 Feb - 29 Feb 2028)');
    expect(periodTitle(periodContaining(WEEKLY, '2027-01-01'))).toBe('26 Dec 2026 - 1 Jan 2027');
  });
});

describe('period lists', () => {
  const keys = (list: readonly { key: string }[]) => list.map((p) => p.key);

  it('a person: the current period and the two before, newest first', () => {
    expect(keys(personPeriods(STANDARD, '2026-11-23'))).toEqual(['2026-11', '2026-10', '2026-09']);
    // After the 25th the fixed-offset period is already the next month's.
    expect(keys(personPeriods(FIXED, '2026-11-26'))).toEqual(['2026-12', '2026-11', '2026-10']);
    expect(keys(personPeriods(FIXED, '2027-01-10'))).toEqual(['2027-01', '2026-12', '2026-11']);
    expect(keys(personPeriods(FLOATING, '2027-12-31'))).toEqual(['2027-12', '2027-11', '2027-10']);
    expect(keys(personPeriods(FLOATING, '2028-01-01'))).toEqual(['2028-01', '2027-12', '2027-11']);
  });

  it('a person on a weekly project: the weeks of this month and the two before, up to this week', () => {
    const weeks = personPeriods(WEEKLY, '2026-11-23');
    expect(weeks[0]).toMatchObject({ start: '2026-11-21', end: '2026-11-27' });
    expect(weeks[weeks.length - 1]).toMatchObject({ start: '2026-08-29', end: '2026-09-04' });
    expect(weeks).toHaveLength(13);
    const overYearEnd = personPeriods(WEEKLY, '2027-01-02');
    expect(overYearEnd[0].label).toBe('2 Jan - 8 Jan 2027');
    expect(overYearEnd[1].label).toBe('26 Dec 2026 - 1 Jan 2027');
    expect(overYearEnd[overYearEnd.length - 1].start).toBe('2026-10-31');
  });

  it('the admin review: six back to one ahead, newest first', () => {
    expect(keys(reviewPeriods(STANDARD, '2026-11-23'))).toEqual([
      '2026-12',
      '2026-11',
      '2026-10',
      '2026-09',
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
    ]);
    const fixed = reviewPeriods(FIXED, '2026-12-28');
    expect(fixed[0]).toMatchObject({ key: '2027-02', start: '2027-01-26', end: '2027-02-25' });
    expect(fixed[fixed.length - 1].key).toBe('2026-07');
    const floating = reviewPeriods(FLOATING, '2028-02-29');
    expect(floating[0]).toMatchObject({ key: '2028-04', start: '2028-04-01', end: '2028-04-28' });
    expect(floating[1]).toMatchObject({ key: '2028-03', start: '2028-02-26', end: '2028-03-31' });
    expect(floating).toHaveLength(8);
  });

  it('the admin review on a weekly project: every week from six months back to the end of next month', () => {
    const weeks = reviewPeriods(WEEKLY, '2026-11-23');
    expect(weeks[0]).toMatchObject({ start: '2026-12-26', end: '2027-01-01' });
    expect(weeks[weeks.length - 1]).toMatchObject({ start: '2026-04-25', end: '2026-05-01' });
    for (let i = 1; i < weeks.length; i++) expect(weeks[i].end).toBe(addDays(weeks[i - 1].start, -1));
  });
});

describe('a broken rule fails at once, never loops', () => {
  // Around a fixed day: its month and the next, so the window holds a 26th.
  const today = '2026-11-23';
  const first = startOfMonthOffset(today, 0);
  const last = addDays(startOfMonthOffset(today, 2), -1);

  /** The rule, counting how often the walk asks it. */
  function counted(rule: PeriodRule): PeriodRule & { asked: number } {
    const ask = Object.assign(
      (date: string) => {
        ask.asked += 1;
        return rule(date);
      },
      { asked: 0 },
    );
    return ask;
  }

  const period = (start: string, end: string): BillingPeriod => ({
    cycle: FIXED,
    start,
    end,
    key: end,
    label: `${start} - ${end}`,
  });

  it('a Fixed Offset rule that keeps the 26th in the period ending the 25th throws on the 26th', () => {
    // The old walk asked again for the day after the period's end, got the same period, and spun.
    const wrong = counted((date) => periodOfMonth(FIXED, monthOf(date)));
    const the26th = `${monthOf(first)}-26`;
    expect(() => periodsByRule(wrong, first, last)).toThrow(
      new BrokenBillingCycle(
        `The period asked for ${the26th} does not hold it (${monthOf(startOfMonthOffset(first, -1))}-26 to ${monthOf(first)}-25)`,
      ),
    );
    expect(wrong.asked).toBe(2); // the period holding the 1st, then the 26th
  });

  it('a period that ends before it starts, or has no real days (NaN), throws on the first answer', () => {
    const backwards = counted((date) => period(date, addDays(date, -1)));
    expect(() => periodsByRule(backwards, first, last)).toThrow(/ends .* before it starts/);
    expect(backwards.asked).toBe(1);
    const notADate = counted(() => period('NaN-NaN-NaN', 'NaN-NaN-NaN'));
    expect(() => periodsByRule(notADate, first, last)).toThrow(/no real first and last day/);
    expect(notADate.asked).toBe(1);
    const nothing = counted(() => undefined as unknown as BillingPeriod);
    expect(() => periodsByRule(nothing, first, last)).toThrow(BrokenBillingCycle);
  });

  it('asks at most once per day of the window, even for periods of one day or ones that overlap', () => {
    const days = daysFrom(first, last) + 1;
    const oneDay = counted((date) => period(date, date));
    expect(periodsByRule(oneDay, first, last)).toHaveLength(days);
    expect(oneDay.asked).toBe(days);
    // Every answer holds its day but starts at the window's first: the walk still ends at `last`.
    const growing = counted((date) => period(first, date));
    expect(periodsByRule(growing, first, last).length).toBeLessThanOrEqual(days);
    expect(growing.asked).toBeLessThanOrEqual(days);
    // A window that ends before it starts meets no period.
    expect(periodsByRule(oneDay, last, first)).toEqual([]);
  });

  it('a cycle no rule knows throws by name instead of answering nothing', () => {
    const unknown = 'Fortnightly' as BillingCycle;
    for (const ask of [
      () => periodContaining(unknown, today),
      () => periodsOverlapping(unknown, first, last),
      () => periodOfMonth(unknown, monthOf(today)),
      () => personPeriods(unknown, today),
    ])
      expect(ask).toThrow(new BrokenBillingCycle("'Fortnightly' is not a billing cycle"));
  });
});
