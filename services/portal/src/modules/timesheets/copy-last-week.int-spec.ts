// Fixed dates: the app and its demo seed run at the file's own instant (Monday 2026-11-23), a week holding US Thanksgiving.
import { copyWeekMessages as msg } from '@portal/contracts';
import type { TestApp } from '../../../test/app-harness';
import { startSignedIn } from '../../../test/signed-in';

// Monday 2026-11-23 10:00 UTC. The demo seed entered Carlos's and Sam's weeks up to last Sunday:
// Carlos's last week is 12 on Mon-Wed (8 h), 45/14 on Thursday (7.5 h), 61 on Friday (8 h + 2 OT).
// Rita has no time at all. Thursday 2026-11-26 is Thanksgiving (United States).
const NOW = '2026-11-23T10:00:00.000Z';
const CARLOS = 3;
const SAM = 5; // roster: 21, 22 (owner 2)
const RITA = 6;

describe("GET /api/timesheets/copy-last-week: last week's own entries laid onto this week", () => {
  let t: TestApp;
  let tokens: Record<number, string>;

  beforeAll(async () => {
    ({ t, tokens } = await startSignedIn([CARLOS, SAM, RITA], { now: NOW, seedDemo: true }));
  });
  afterAll(() => t?.close());

  const copy = (who: number, query = '') =>
    t.http('GET', `/api/timesheets/copy-last-week${query}`, { token: tokens[who] });

  it('answers 401 to nobody signed in', async () => {
    expect((await t.http('GET', '/api/timesheets/copy-last-week')).status).toBe(401);
  });

  it("proposes Carlos's own week on this week's days, skipping the holiday, his leave and a day already entered; saves nothing", async () => {
    const leave = await t.http('POST', '/api/leave', {
      token: tokens[CARLOS],
      body: { leaveType: 'Vacation', fromDate: '2026-11-24', toDate: '2026-11-24', notes: 'Dentist' },
    });
    expect(leave.status).toBe(201);
    const entered = await t.http('POST', '/api/timesheets', {
      token: tokens[CARLOS],
      body: {
        projectId: 12,
        subProjectId: null,
        confirmLate: false,
        items: [{ date: '2026-11-23', hours: '4', overtimeHours: null, comment: 'Entered already' }],
      },
    });
    expect(entered.status).toBe(201);
    await t.projectionsCaughtUp();

    const answer = await copy(CARLOS);
    expect(answer.status).toBe(200);
    expect(answer.body.week).toEqual({ first: '2026-11-23', last: '2026-11-29' });
    expect(answer.body.lastWeek).toEqual({ first: '2026-11-16', last: '2026-11-22' });
    expect(answer.body.lastWeekCount).toBe(5);
    expect(answer.body.entries).toEqual([
      {
        date: '2026-11-25',
        fromDate: '2026-11-18',
        projectId: 12,
        projectName: 'Pipeline Integrity Review',
        subProjectId: null,
        subProjectName: null,
        hours: '8',
        overtimeHours: null,
        comment: 'Pipeline inspection',
      },
      expect.objectContaining({
        date: '2026-11-27',
        fromDate: '2026-11-20',
        projectId: 61,
        overtimeHours: '2',
      }),
    ]);
    expect(answer.body.skipped).toEqual([
      {
        date: '2026-11-23',
        reason: 'already-entered',
        projectName: 'Pipeline Integrity Review',
        message: msg.alreadyEntered('Pipeline Integrity Review'),
      },
      { date: '2026-11-24', reason: 'leave', projectName: null, message: msg.leave('Vacation') },
      {
        date: '2026-11-26',
        reason: 'holiday',
        projectName: null,
        message: msg.holiday('Thanksgiving Day, United States'),
      },
    ]);

    // A read: this week still holds only the one entry Carlos made.
    const listed = await t.http('GET', '/api/timesheets?start=2026-11-23&end=2026-11-29', {
      token: tokens[CARLOS],
    });
    expect(listed.body.rows).toHaveLength(1);
  });

  it("reads only the asker's own entries: never another person's", async () => {
    const rita = await copy(RITA);
    expect(rita.status).toBe(200);
    expect(rita.body).toMatchObject({ lastWeekCount: 0, entries: [] });

    const sam = await copy(SAM);
    expect(sam.status).toBe(200);
    expect(sam.body.lastWeekCount).toBeGreaterThan(0);
    const projects = new Set((sam.body.entries as { projectId: number }[]).map((e) => e.projectId));
    expect([...projects].sort()).toEqual([21, 22]);
  });

  it('copies into a chosen week: the week before it is the one read', async () => {
    const answer = await copy(CARLOS, '?week=2026-11-30');
    expect(answer.status).toBe(200);
    expect(answer.body.lastWeek).toEqual({ first: '2026-11-23', last: '2026-11-29' });
    // Only Monday's entry was made this week.
    expect(answer.body.entries).toEqual([
      expect.objectContaining({ date: '2026-11-30', fromDate: '2026-11-23', comment: 'Entered already' }),
    ]);
  });

  it('refuses a bad week with 400 naming the field and the rule', async () => {
    const cases: [string, string][] = [
      ['?week=soon', msg.weekNotDate],
      ['?week=2026-11-25', msg.weekNotMonday],
      ['?week=2027-06-07', msg.weekOutsideWindow('2026-09-01', '2027-01-25')],
    ];
    for (const [query, message] of cases) {
      const answer = await copy(CARLOS, query);
      expect(answer.status).toBe(400);
      expect(answer.body.problems).toEqual([{ path: 'week', message }]);
    }
    const unknown = await copy(CARLOS, '?employeeId=5');
    expect(unknown.status).toBe(400);
    expect(unknown.body.problems).toEqual([
      expect.objectContaining({ message: expect.stringContaining('employeeId') }),
    ]);
  });
});
