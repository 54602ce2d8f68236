import { addDays, RECENT_COMBINATIONS_MAX } from '@portal/contracts';
import type { TestApp } from '../../../test/app-harness';
import { runToday } from '../../../test/dates';
import { startSignedIn } from '../../../test/signed-in';

// Rita has no time in the demo seed; she may bill project 36 (the bench's read-your-writes too).
const RITA = 6;
const CARLOS = 3;
const PROJECT = 36;

describe('GET /api/timesheets/recent: own recent project, sub-project and activity combinations', () => {
  let t: TestApp;
  let tokens: Record<number, string>;
  const today = runToday();

  beforeAll(async () => {
    ({ t, tokens } = await startSignedIn([RITA, CARLOS], { seedDemo: true }));
  });
  afterAll(() => t?.close());

  const recent = (who: number) => t.http('GET', '/api/timesheets/recent', { token: tokens[who] });
  const enter = async (date: string, comment: string) => {
    const answer = await t.http('POST', '/api/timesheets', {
      token: tokens[RITA],
      body: {
        projectId: PROJECT,
        subProjectId: null,
        confirmLate: true,
        items: [{ date, hours: '1', overtimeHours: null, comment }],
      },
    });
    expect(answer.status).toBe(201);
  };

  it('answers 401 to nobody signed in, and an empty list to someone with no time', async () => {
    expect((await t.http('GET', '/api/timesheets/recent')).status).toBe(401);
    expect(await recent(RITA)).toMatchObject({ status: 200, body: [] });
  });

  it('lists each combination once, the most recently entered first, at most five, none from the future', async () => {
    // Oldest first: six activities on six days, one of them entered twice, and one tomorrow.
    const activities = ['Survey', 'Drawings', 'Site visit', 'Report', 'Review', 'Handover'];
    for (const [index, activity] of activities.entries()) await enter(addDays(today, index - 6), activity);
    await enter(today, 'Survey');
    await enter(addDays(today, 1), 'Planned work');
    await t.projectionsCaughtUp();

    const answer = await recent(RITA);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(RECENT_COMBINATIONS_MAX);
    expect(answer.body.map((c: { activity: string }) => c.activity)).toEqual([
      'Survey',
      'Handover',
      'Review',
      'Report',
      'Site visit',
    ]);
    expect(answer.body[0]).toEqual({
      projectId: PROJECT,
      projectName: expect.any(String),
      subProjectId: null,
      subProjectName: null,
      activity: 'Survey',
      lastDate: today,
    });
  });

  it("never shows one person another's combinations", async () => {
    const carlos = await recent(CARLOS);
    expect(carlos.status).toBe(200);
    expect(carlos.body.map((c: { activity: string }) => c.activity)).not.toContain('Handover');
  });
});
