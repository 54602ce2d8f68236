// Fixed dates: weeks chosen for the holidays they hold (US Thanksgiving 2026, Christmas and New Year 2026/27).
import { copyWeekMessages as msg } from '@portal/contracts';
import { holidaysWithin, leaveDaysOff, planCopyOfWeek, weekOf, type WeekEntry } from './copy-week';

const entry = (date: string, change: Partial<WeekEntry> = {}): WeekEntry => ({
  date,
  projectId: 12,
  projectName: 'Pipeline Integrity Review',
  subProjectId: null,
  subProjectName: null,
  hours: '8',
  overtimeHours: null,
  comment: `Inspection ${date}`,
  ...change,
});

// The week of Monday 2026-11-30 copies the week of Monday 2026-11-23 (which holds no day off here).
const WEEK = '2026-11-30';

describe('planCopyOfWeek', () => {
  it('moves each entry of last week to the same weekday, with project, sub-project, hours, overtime and comment', () => {
    const lastWeek = [
      entry('2026-11-23'),
      entry('2026-11-26', {
        projectId: 45,
        projectName: 'Umbrella',
        subProjectId: 64,
        subProjectName: 'Night shifts',
        hours: '6',
        overtimeHours: '1.5',
      }),
      entry('2026-11-29', { hours: '0', overtimeHours: '2' }),
    ];
    const plan = planCopyOfWeek({ week: WEEK, lastWeek, thisWeek: [], daysOff: [] });
    expect(plan.week).toEqual({ first: '2026-11-30', last: '2026-12-06' });
    expect(plan.lastWeek).toEqual({ first: '2026-11-23', last: '2026-11-29' });
    expect(plan.lastWeekCount).toBe(3);
    expect(plan.skipped).toEqual([]);
    expect(plan.entries).toEqual([
      // The Monday entry, every field as it was, on this week's Monday.
      { ...entry('2026-11-23'), date: '2026-11-30', fromDate: '2026-11-23' },
      expect.objectContaining({
        date: '2026-12-03',
        projectId: 45,
        subProjectId: 64,
        subProjectName: 'Night shifts',
        hours: '6',
        overtimeHours: '1.5',
      }),
      // A day of overtime only is copied without hours (stored hours '0' mean "none").
      expect.objectContaining({ date: '2026-12-06', hours: null, overtimeHours: '2' }),
    ]);
  });

  it('copies nothing when last week is empty, and ignores entries outside last week', () => {
    const plan = planCopyOfWeek({
      week: WEEK,
      lastWeek: [entry('2026-11-22'), entry('2026-11-30')],
      thisWeek: [],
      daysOff: [],
    });
    expect(plan).toMatchObject({ lastWeekCount: 0, entries: [], skipped: [] });
  });

  it('skips a holiday or leave day once, whatever it held, a holiday before leave', () => {
    const lastWeek = [
      entry('2026-11-24'),
      entry('2026-11-24', { projectId: 14, projectName: 'Transit' }),
      entry('2026-11-25'),
      entry('2026-11-27'),
    ];
    const plan = planCopyOfWeek({
      week: WEEK,
      lastWeek,
      thisWeek: [],
      daysOff: [
        { date: '2026-12-01', reason: 'leave', name: 'Vacation' },
        { date: '2026-12-04', reason: 'leave', name: 'Sick' },
        { date: '2026-12-04', reason: 'holiday', name: 'Founders Day, Canada' },
      ],
    });
    expect(plan.entries.map((e) => e.date)).toEqual(['2026-12-02']);
    expect(plan.skipped).toEqual([
      { date: '2026-12-01', reason: 'leave', projectName: null, message: msg.leave('Vacation') },
      {
        date: '2026-12-04',
        reason: 'holiday',
        projectName: null,
        message: msg.holiday('Founders Day, Canada'),
      },
    ]);
    expect(plan.lastWeekCount).toBe(4);
  });

  it('does not double a day that already holds the same project and sub-project; another project is copied', () => {
    const umbrella = { projectId: 45, projectName: 'Umbrella', subProjectName: 'Night shifts' };
    const lastWeek = [entry('2026-11-23'), entry('2026-11-24', { ...umbrella, subProjectId: 64 })];
    const thisWeek = [
      entry('2026-11-30', { comment: 'entered already' }),
      // The same umbrella with another sub-project is not the same combination.
      entry('2026-12-01', { ...umbrella, subProjectId: 61, subProjectName: 'Day shifts' }),
    ];
    const plan = planCopyOfWeek({ week: WEEK, lastWeek, thisWeek, daysOff: [] });
    expect(plan.entries.map((e) => [e.date, e.projectId, e.subProjectId])).toEqual([['2026-12-01', 45, 64]]);
    expect(plan.skipped).toEqual([
      {
        date: '2026-11-30',
        reason: 'already-entered',
        projectName: 'Pipeline Integrity Review',
        message: msg.alreadyEntered('Pipeline Integrity Review'),
      },
    ]);
  });
});

describe('the days off of a week', () => {
  it("names the firm's holidays of both countries, once per day", () => {
    expect(holidaysWithin(weekOf('2026-11-23'))).toEqual([
      { date: '2026-11-26', reason: 'holiday', name: 'Thanksgiving Day, United States' },
    ]);
    expect(holidaysWithin(weekOf('2026-12-21'))).toEqual([
      { date: '2026-12-25', reason: 'holiday', name: 'Christmas Day, United States and Canada' },
      { date: '2026-12-26', reason: 'holiday', name: 'Boxing Day, Canada' },
    ]);
    // A week across the new year reads both years' lists.
    expect(holidaysWithin(weekOf('2026-12-28')).map((h) => h.date)).toEqual(['2027-01-01']);
    expect(holidaysWithin(weekOf('2026-11-30'))).toEqual([]);
  });

  it('keeps one leave day per date', () => {
    expect(
      leaveDaysOff([
        { date: '2026-12-01', leaveType: 'Vacation' },
        { date: '2026-12-01', leaveType: 'Sick' },
      ]),
    ).toEqual([{ date: '2026-12-01', reason: 'leave', name: 'Vacation' }]);
  });
});
