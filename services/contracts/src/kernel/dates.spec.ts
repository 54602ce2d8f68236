// Fixed dates: date arithmetic on given dates.
import {
  addDays,
  businessDateOf,
  daysBetween,
  daysFrom,
  endOfMonth,
  monthNameOf,
  isBusinessDate,
  isBusinessMonth,
  isLateEntry,
  mondayOfWeek,
  monthOf,
  monthsBetween,
  monthsSpanned,
  startOfMonth,
  startOfMonthOffset,
} from './dates';

describe('business dates', () => {
  it('accepts only real calendar days', () => {
    expect(isBusinessDate('2025-02-28')).toBe(true);
    expect(isBusinessDate('2024-02-29')).toBe(true);
    expect(isBusinessDate('2025-02-29')).toBe(false);
    expect(isBusinessDate('2025-13-01')).toBe(false);
    expect(isBusinessDate('2025-1-01')).toBe(false);
    expect(isBusinessMonth('2025-12')).toBe(true);
    expect(isBusinessMonth('2025-00')).toBe(false);
  });

  it('reads today as the UTC calendar day of the instant', () => {
    expect(businessDateOf(new Date('2025-03-31T23:59:59Z'))).toBe('2025-03-31');
    expect(businessDateOf(new Date('2025-04-01T00:00:00Z'))).toBe('2025-04-01');
  });

  it('moves across month and year edges', () => {
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(monthOf('2025-11-05')).toBe('2025-11');
    expect(startOfMonth('2025-11-05')).toBe('2025-11-01');
    expect(endOfMonth('2024-02-10')).toBe('2024-02-29');
    expect(daysBetween('2025-01-30', '2025-02-02')).toEqual([
      '2025-01-30',
      '2025-01-31',
      '2025-02-01',
      '2025-02-02',
    ]);
  });
});

describe('mondayOfWeek (weeks start Monday)', () => {
  it.each([
    ['2025-11-19', '2025-11-17'], // Wednesday
    ['2025-11-17', '2025-11-17'], // Monday itself
    ['2025-11-23', '2025-11-17'], // Sunday belongs to the week that started on Monday
    ['2025-01-01', '2024-12-30'], // across the year edge
    ['2025-03-02', '2025-02-24'], // across the month edge
  ])('%s -> %s', (date, monday) => {
    expect(mondayOfWeek(date)).toBe(monday);
  });
});

describe('isLateEntry, today a Wednesday (2025-11-19)', () => {
  const today = '2025-11-19';
  it('is late before Monday of the current week', () => {
    expect(isLateEntry('2025-11-16', today)).toBe(true);
    expect(isLateEntry('2025-10-31', today)).toBe(true);
  });
  it('is not late from Monday on, also for future days', () => {
    expect(isLateEntry('2025-11-17', today)).toBe(false);
    expect(isLateEntry('2025-11-19', today)).toBe(false);
    expect(isLateEntry('2025-12-05', today)).toBe(false);
  });
  it('on a Monday, the day before is already late', () => {
    expect(isLateEntry('2025-11-16', '2025-11-17')).toBe(true);
  });
});

describe('monthNameOf', () => {
  it('names a month in full or by its first three letters; other text comes back as it is', () => {
    expect(monthNameOf('2026-11')).toBe('November');
    expect(monthNameOf('2026-01', 'short')).toBe('Jan');
    expect(monthNameOf('2026-13')).toBe('2026-13');
  });
});

describe('lists of days and months are built from their count, never stepped past an end', () => {
  // A fixed day (this file's dates are fixtures); the calendar's last month is a fact of its own (year 9999).
  const today = '2026-11-23';
  const month = monthOf(today);

  it('every day of a window, exactly as many as it holds; none when it ends before it starts', () => {
    const last = addDays(today, 40);
    const days = daysBetween(today, last);
    expect(days).toHaveLength(daysFrom(today, last) + 1);
    expect([days[0], days[days.length - 1]]).toEqual([today, last]);
    expect(daysBetween(today, today)).toEqual([today]);
    expect(daysBetween(last, today)).toEqual([]);
  });

  it('an end that is not a date throws at once instead of stepping on toward year 10000', () => {
    for (const broken of ['NaN-NaN-NaN', 'zzzz-12-31', '+010000-01-01', ''])
      expect(() => daysBetween(today, broken)).toThrow(RangeError);
  });

  it('every month of a range, oldest first, up to December 9999 and not past it', () => {
    const later = monthOf(startOfMonthOffset(today, 13));
    expect(monthsSpanned(month, later)).toBe(14);
    expect(monthsBetween(month, later)).toHaveLength(14);
    expect(monthsBetween(month, later)[13]).toBe(later);
    expect(monthsBetween(later, month)).toEqual([]);
    expect(monthsSpanned(later, month)).toBe(-12);
    expect(monthsBetween('9999-11', '9999-12')).toEqual(['9999-11', '9999-12']);
    expect(monthsBetween('9999-12', '9999-12')).toEqual(['9999-12']);
    for (const broken of ['NaN-NaN', '2026-13', 'zzzz'])
      expect(() => monthsBetween(month, broken)).toThrow(new RangeError(`Not a business month: ${broken}`));
  });
});
