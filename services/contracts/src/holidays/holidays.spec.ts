// Fixed dates: the holidays of given years, computed by rule.
import {
  canadaHolidays,
  easterSunday,
  holidayCalendar,
  holidaysQuerySchema,
  lastWeekdayOfMonth,
  nthWeekdayOfMonth,
  unitedStatesHolidays,
} from '.';

describe('holidays', () => {
  it('lists the 11 US federal holidays of 2025 on their dates', () => {
    expect(unitedStatesHolidays(2025)).toEqual([
      { date: '2025-01-01', name: "New Year's Day" },
      { date: '2025-01-20', name: 'Martin Luther King Jr. Day' },
      { date: '2025-02-17', name: "Presidents' Day" },
      { date: '2025-05-26', name: 'Memorial Day' },
      { date: '2025-06-19', name: 'Juneteenth National Independence Day' },
      { date: '2025-07-04', name: 'Independence Day' },
      { date: '2025-09-01', name: 'Labor Day' },
      { date: '2025-10-13', name: 'Columbus Day' },
      { date: '2025-11-11', name: 'Veterans Day' },
      { date: '2025-11-27', name: 'Thanksgiving Day' },
      { date: '2025-12-25', name: 'Christmas Day' },
    ]);
  });

  it('lists the 10 Canadian federal statutory holidays of 2025 on their dates', () => {
    expect(canadaHolidays(2025)).toEqual([
      { date: '2025-01-01', name: "New Year's Day" },
      { date: '2025-04-18', name: 'Good Friday' },
      { date: '2025-05-19', name: 'Victoria Day' },
      { date: '2025-07-01', name: 'Canada Day' },
      { date: '2025-09-01', name: 'Labour Day' },
      { date: '2025-09-30', name: 'National Day for Truth and Reconciliation' },
      { date: '2025-10-13', name: 'Thanksgiving Day' },
      { date: '2025-11-11', name: 'Remembrance Day' },
      { date: '2025-12-25', name: 'Christmas Day' },
      { date: '2025-12-26', name: 'Boxing Day' },
    ]);
  });

  it('computes the moving holidays of other years', () => {
    const us2026 = Object.fromEntries(unitedStatesHolidays(2026).map((h) => [h.name, h.date]));
    expect(us2026['Martin Luther King Jr. Day']).toBe('2026-01-19');
    expect(us2026['Memorial Day']).toBe('2026-05-25');
    expect(us2026['Thanksgiving Day']).toBe('2026-11-26');
    const ca2026 = Object.fromEntries(canadaHolidays(2026).map((h) => [h.name, h.date]));
    expect(ca2026['Good Friday']).toBe('2026-04-03');
    // May 25, 2026 is a Monday, so Victoria Day is the Monday before it.
    expect(ca2026['Victoria Day']).toBe('2026-05-18');
    expect(ca2026['Thanksgiving Day']).toBe('2026-10-12');
  });

  it('finds Easter across the range of its possible dates', () => {
    expect(easterSunday(2025)).toEqual({ month: 4, day: 20 });
    expect(easterSunday(2024)).toEqual({ month: 3, day: 31 });
    expect(easterSunday(2038)).toEqual({ month: 4, day: 25 });
    expect(easterSunday(1818)).toEqual({ month: 3, day: 22 });
    expect(easterSunday(2011)).toEqual({ month: 4, day: 24 });
    expect(easterSunday(2008)).toEqual({ month: 3, day: 23 });
  });

  it('applies holidays only from the year they were introduced', () => {
    expect(unitedStatesHolidays(2020)).toHaveLength(10);
    expect(unitedStatesHolidays(1985)).toHaveLength(9);
    expect(canadaHolidays(2020)).toHaveLength(9);
  });

  it('finds nth and last weekdays of a month', () => {
    expect(nthWeekdayOfMonth(2025, 9, 1, 1)).toBe(1);
    expect(nthWeekdayOfMonth(2025, 11, 4, 4)).toBe(27);
    expect(lastWeekdayOfMonth(2025, 5, 1)).toBe(26);
    expect(lastWeekdayOfMonth(2025, 2, 5)).toBe(28);
  });

  it('answers both countries for a year', () => {
    const calendar = holidayCalendar(2025);
    expect(calendar.year).toBe(2025);
    expect(calendar.countries.map((c) => [c.country, c.holidays.length])).toEqual([
      ['United States', 11],
      ['Canada', 10],
    ]);
  });

  it('refuses years outside the supported range', () => {
    expect(() => unitedStatesHolidays(1970)).toThrow(RangeError);
    expect(holidaysQuerySchema.safeParse({ year: '2025' }).data).toEqual({ year: 2025 });
    expect(holidaysQuerySchema.safeParse({}).data).toEqual({});
    expect(holidaysQuerySchema.safeParse({ year: 'abc' }).success).toBe(false);
    expect(holidaysQuerySchema.safeParse({ year: '2025.5' }).success).toBe(false);
  });
});
