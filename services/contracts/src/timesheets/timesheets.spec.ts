// Fixed dates: the timesheet rules given their own today (Wednesday 2025-11-19).
import {
  overtimeAllowed,
  timesheetBatchProblems,
  timesheetBatchSchema,
  timesheetEditProblems,
  timesheetEditSchema,
  timesheetListQuerySchema,
  timesheetWindow,
  wholeHoursRequired,
  type ProjectFacts,
  type TimesheetBatchInput,
} from './index';

const today = '2025-11-19'; // a Wednesday; Monday is 2025-11-17
const ownerOne: ProjectFacts = { projectId: 10, name: 'Harbor Works', ownerId: 1, isActive: true };
const ownerTwo: ProjectFacts = { projectId: 20, name: 'Sight Ops', ownerId: 2, isActive: true };
const umbrella: ProjectFacts = { projectId: 45, name: 'Umbrella', ownerId: 1, isActive: true };
const overtime61: ProjectFacts = { projectId: 61, name: 'Night Shift', ownerId: 1, isActive: true };

function issues(input: unknown) {
  const result = timesheetBatchSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

function batch(overrides: Partial<TimesheetBatchInput> = {}): TimesheetBatchInput {
  return {
    projectId: 10,
    subProjectId: null,
    items: [{ date: '2025-11-18', hours: '8', overtimeHours: null, comment: 'Site survey' }],
    confirmLate: false,
    ...overrides,
  };
}

describe('timesheet batch shape', () => {
  it('normalises hours to decimal strings and trims the comment', () => {
    const parsed = timesheetBatchSchema.parse(
      batch({ items: [{ date: '2025-11-18', hours: 7.5, overtimeHours: '', comment: '  Survey ' }] }),
    );
    expect(parsed.items[0]).toEqual({
      date: '2025-11-18',
      hours: '7.5',
      overtimeHours: null,
      comment: 'Survey',
    });
    expect(parsed.confirmLate).toBe(false);
  });

  it('needs a project', () => {
    expect(issues(batch({ projectId: undefined }))).toEqual([
      { path: 'projectId', message: 'Project must have a value' },
    ]);
  });

  it('needs hours or overtime on each day', () => {
    expect(
      issues(batch({ items: [{ date: '2025-11-18', hours: null, overtimeHours: null, comment: 'x' }] })),
    ).toEqual([{ path: 'items.0.hours', message: 'Please fill in your hours' }]);
  });

  it('needs hours greater than 0', () => {
    expect(
      issues(batch({ items: [{ date: '2025-11-18', hours: '0', overtimeHours: null, comment: 'x' }] })),
    ).toEqual([{ path: 'items.0.hours', message: 'Hours must be greater than 0' }]);
    expect(
      issues(batch({ items: [{ date: '2025-11-18', hours: '2', overtimeHours: -1, comment: 'x' }] })),
    ).toEqual([{ path: 'items.0.overtimeHours', message: 'Overtime Hours must be greater than 0' }]);
  });

  it('refuses text that is not a number and more than 24 hours', () => {
    expect(
      issues(batch({ items: [{ date: '2025-11-18', hours: 'eight', overtimeHours: null, comment: 'x' }] })),
    ).toEqual([{ path: 'items.0.hours', message: 'Hours must be a number' }]);
    expect(
      issues(batch({ items: [{ date: '2025-11-18', hours: '24.5', overtimeHours: null, comment: 'x' }] })),
    ).toEqual([{ path: 'items.0.hours', message: 'Hours must be at most 24' }]);
  });

  it('takes hours in steps of 0.1 (checked on the decimal text, not a float)', () => {
    const hours = (value: string | number) =>
      issues(batch({ items: [{ date: '2025-11-18', hours: value, overtimeHours: null, comment: 'x' }] }));
    expect(hours('7.25')).toEqual([{ path: 'items.0.hours', message: 'Hours must be in steps of 0.1' }]);
    expect(hours('0.05')).toEqual([{ path: 'items.0.hours', message: 'Hours must be in steps of 0.1' }]);
    expect(hours('0.3')).toEqual([]);
    expect(hours(7.3)).toEqual([]);
  });

  it('counts the characters a person sees: 50 emoji fit, 51 do not', () => {
    const withComment = (comment: string) =>
      issues(batch({ items: [{ date: '2025-11-18', hours: '1', overtimeHours: null, comment }] }));
    expect(withComment('😀'.repeat(26))).toEqual([]);
    expect(withComment('👍🏽'.repeat(50))).toEqual([]); // thumbs up with a skin tone: 4 code units each
    expect(withComment('🇨🇦'.repeat(50))).toEqual([]); // flags: two regional indicators each
    expect(withComment('😀'.repeat(51))).toEqual([
      { path: 'items.0.comment', message: 'Activity Comment must be at most 50 characters' },
    ]);
  });

  it('needs a comment of at most 50 characters', () => {
    expect(
      issues(batch({ items: [{ date: '2025-11-18', hours: '1', overtimeHours: null, comment: ' ' }] })),
    ).toEqual([{ path: 'items.0.comment', message: 'Activity Comment must have a value' }]);
    expect(
      issues(
        batch({ items: [{ date: '2025-11-18', hours: '1', overtimeHours: null, comment: 'x'.repeat(51) }] }),
      ),
    ).toEqual([{ path: 'items.0.comment', message: 'Activity Comment must be at most 50 characters' }]);
    expect(
      issues(
        batch({ items: [{ date: '2025-11-18', hours: '1', overtimeHours: null, comment: 'x'.repeat(50) }] }),
      ),
    ).toEqual([]);
  });

  it('needs real dates, each once', () => {
    expect(
      issues(batch({ items: [{ date: '2025-02-30', hours: '1', overtimeHours: null, comment: 'x' }] })),
    ).toEqual([{ path: 'items.0.date', message: 'Date must be a date (YYYY-MM-DD)' }]);
    expect(
      issues(
        batch({
          items: [
            { date: '2025-11-18', hours: '1', overtimeHours: null, comment: 'x' },
            { date: '2025-11-18', hours: '1', overtimeHours: null, comment: 'x' },
          ],
        }),
      ),
    ).toEqual([{ path: 'items.1.date', message: 'Each day can be chosen only once' }]);
    expect(issues(batch({ items: [] }))).toEqual([{ path: 'items', message: 'Choose at least one day' }]);
  });
});

describe('project-dependent rules', () => {
  const parse = (input: TimesheetBatchInput) => timesheetBatchSchema.parse(input);

  it('sub-project is required for 45 and must be active and not 45', () => {
    expect(
      timesheetBatchProblems(parse(batch({ projectId: 45 })), { project: umbrella, subProject: null, today }),
    ).toEqual([{ path: 'subProjectId', message: 'Sub Project must have a value' }]);
    expect(
      timesheetBatchProblems(parse(batch({ projectId: 45, subProjectId: 45 })), {
        project: umbrella,
        subProject: umbrella,
        today,
      }),
    ).toEqual([
      { path: 'subProjectId', message: 'Choose an active project other than the umbrella project.' },
    ]);
    expect(
      timesheetBatchProblems(parse(batch({ projectId: 45, subProjectId: 10 })), {
        project: umbrella,
        subProject: ownerOne,
        today,
      }),
    ).toEqual([]);
  });

  it('only 45 takes a sub-project: another project’s sub-project is reset', () => {
    const parsed = parse(batch({ subProjectId: 20 }));
    expect(parsed.subProjectId).toBeNull();
    expect(timesheetBatchProblems(parsed, { project: ownerOne, subProject: null, today })).toEqual([]);
  });

  it('overtime only for owner 2, 61/64, or 45 with such a sub-project', () => {
    expect(overtimeAllowed(ownerOne, null)).toBe(false);
    expect(overtimeAllowed(ownerTwo, null)).toBe(true);
    expect(overtimeAllowed(overtime61, null)).toBe(true);
    expect(overtimeAllowed({ projectId: 64, ownerId: 1 }, null)).toBe(true);
    expect(overtimeAllowed(umbrella, overtime61)).toBe(true);
    expect(overtimeAllowed(umbrella, ownerOne)).toBe(false);
    const withOvertime = batch({
      items: [{ date: '2025-11-18', hours: '8', overtimeHours: '2', comment: 'x' }],
    });
    expect(
      timesheetBatchProblems(parse(withOvertime), { project: ownerOne, subProject: null, today }),
    ).toEqual([
      { path: 'items.0.overtimeHours', message: 'Overtime Hours are not allowed for this project' },
    ]);
    expect(
      timesheetBatchProblems(parse({ ...withOvertime, projectId: 61 }), {
        project: overtime61,
        subProject: null,
        today,
      }),
    ).toEqual([]);
  });

  it('owner 2 bills whole hours and whole overtime', () => {
    expect(wholeHoursRequired(ownerTwo, null)).toBe(true);
    expect(wholeHoursRequired(ownerOne, null)).toBe(false);
    expect(wholeHoursRequired(umbrella, ownerTwo)).toBe(true);
    const input = batch({
      projectId: 20,
      items: [{ date: '2025-11-18', hours: '7.5', overtimeHours: '1.5', comment: 'x' }],
    });
    expect(timesheetBatchProblems(parse(input), { project: ownerTwo, subProject: null, today })).toEqual([
      { path: 'items.0.hours', message: 'Hours must be a whole number' },
      { path: 'items.0.overtimeHours', message: 'Overtime Hours must be a whole number' },
    ]);
    expect(
      timesheetBatchProblems(parse({ ...input, projectId: 10 }), {
        project: ownerOne,
        subProject: null,
        today,
      }),
    ).toEqual([
      { path: 'items.0.overtimeHours', message: 'Overtime Hours are not allowed for this project' },
    ]);
  });

  it('refuses an inactive project', () => {
    expect(
      timesheetBatchProblems(parse(batch()), {
        project: { ...ownerOne, isActive: false },
        subProject: null,
        today,
      }),
    ).toEqual([{ path: 'projectId', message: 'This project is not active.' }]);
  });
});

describe('dates and the late-entry confirmation (today Wednesday 2025-11-19)', () => {
  const at = (date: string, confirmLate = false) =>
    timesheetBatchSchema.parse(
      batch({ items: [{ date, hours: '8', overtimeHours: null, comment: 'x' }], confirmLate }),
    );
  const facts = { project: ownerOne, subProject: null, today };

  it('refuses days outside two months back .. two months ahead', () => {
    expect(timesheetBatchProblems(at('2025-08-31', true), facts)).toEqual([
      { path: 'items.0.date', message: 'Date must be between 2025-09-01 and 2026-01-31' },
    ]);
    expect(timesheetBatchProblems(at('2026-02-01'), facts)[0].path).toBe('items.0.date');
    expect(timesheetBatchProblems(at('2025-09-01', true), facts)).toEqual([]);
    expect(timesheetBatchProblems(at('2026-01-31'), facts)).toEqual([]);
  });

  it('a day before Monday needs confirmLate', () => {
    expect(timesheetBatchProblems(at('2025-11-16'), facts)).toEqual([
      { path: 'confirmLate', message: 'The selected date is not within the current week.' },
    ]);
    expect(timesheetBatchProblems(at('2025-11-16', true), facts)).toEqual([]);
    expect(timesheetBatchProblems(at('2025-11-17'), facts)).toEqual([]);
  });

  it('an edit of an entry dated before Monday is late even when moved into this week', () => {
    const edit = timesheetEditSchema.parse({
      projectId: 10,
      subProjectId: null,
      date: '2025-11-18',
      hours: '4',
      overtimeHours: null,
      comment: 'x',
      version: 1,
      confirmLate: false,
    });
    const before = { date: '2025-11-18', hours: '4', overtimeHours: null };
    expect(timesheetEditProblems(edit, facts, before)).toEqual([]);
    expect(timesheetEditProblems(edit, facts, { ...before, date: '2025-11-10' })).toEqual([
      { path: 'confirmLate', message: 'The selected date is not within the current week.' },
    ]);
  });

  it('changed hours of an edit go in steps of 0.5; hours kept as entered stay allowed', () => {
    const editWith = (hours: string) =>
      timesheetEditSchema.parse({
        projectId: 10,
        subProjectId: null,
        date: '2025-11-18',
        hours,
        overtimeHours: null,
        comment: 'x',
        version: 1,
        confirmLate: false,
      });
    const before = { date: '2025-11-18', hours: '7.3', overtimeHours: null };
    expect(timesheetEditProblems(editWith('7.5'), facts, before)).toEqual([]);
    expect(timesheetEditProblems(editWith('7.30'), facts, before)).toEqual([]);
    expect(timesheetEditProblems(editWith('7.1'), facts, before)).toEqual([
      { path: 'hours', message: 'Hours must be in steps of 0.5' },
    ]);
    expect(timesheetEditProblems(editWith('7.3'), facts)).toEqual([
      { path: 'hours', message: 'Hours must be in steps of 0.5' },
    ]);
  });
});

describe('list query', () => {
  it('defaults to date ascending and checks the range', () => {
    expect(timesheetListQuerySchema.parse({ start: '2025-11-01', end: '2025-11-30' })).toEqual({
      start: '2025-11-01',
      end: '2025-11-30',
      projectId: null,
      sortBy: 'date',
      direction: 'asc',
    });
    const bad = timesheetListQuerySchema.safeParse({
      start: '2025-11-30',
      end: '2025-11-01',
      sortBy: 'hours',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['sortBy', 'Sort by must be date or activity'],
    ]);
  });
});

describe('timesheetWindow: two months back (start) to two months ahead (end)', () => {
  it('mid-month', () => {
    expect(timesheetWindow('2025-11-19')).toEqual({ first: '2025-09-01', last: '2026-01-31' });
  });
  it('at the last day of a month and across years', () => {
    expect(timesheetWindow('2025-12-31')).toEqual({ first: '2025-10-01', last: '2026-02-28' });
    expect(timesheetWindow('2026-01-01')).toEqual({ first: '2025-11-01', last: '2026-03-31' });
  });
  it('reaches the end of a leap February', () => {
    expect(timesheetWindow('2023-12-31')).toEqual({ first: '2023-10-01', last: '2024-02-29' });
  });
});
