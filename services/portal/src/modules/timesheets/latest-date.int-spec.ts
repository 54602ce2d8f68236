// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
import type { TestApp } from '../../../test/app-harness';
import { startSignedIn } from '../../../test/signed-in';
import { deactivateDirectly, expectNotAllowedToSignIn } from '../../../test/staff-fixtures';

// Wednesday 2026-11-18. The demo seed enters Carlos's, Dana's and Sam's weeks up to last week's
// Friday (13 November); Alice and Rita have no time at all.
const NOW = '2026-11-18T15:00:00.000Z';
const ALICE = 1; // admin, no entries
const CARLOS = 3;
const SAM = 5; // roster: 21, 22
const RITA = 6; // no entries

describe('GET /api/timesheets/latest-date: the day of the signed-in person’s latest entry', () => {
  let t: TestApp;
  let tokens: Record<number, string>;

  beforeAll(async () => {
    ({ t, tokens } = await startSignedIn([ALICE, CARLOS, SAM, RITA], { now: NOW, seedDemo: true }));
  });
  afterAll(() => t?.close());

  const latest = (who: number) => t.http('GET', '/api/timesheets/latest-date', { token: tokens[who] });

  it('answers 401 to nobody signed in', async () => {
    const answer = await t.http('GET', '/api/timesheets/latest-date');
    expect(answer.status).toBe(401);
  });

  it('is the latest day the person entered time on', async () => {
    expect(await latest(SAM)).toMatchObject({ status: 200, body: { latestDate: '2026-11-13' } });
    expect(await latest(CARLOS)).toMatchObject({ status: 200, body: { latestDate: '2026-11-13' } });
  });

  it('is null for a person without any entry, an admin included (never someone else’s)', async () => {
    expect(await latest(RITA)).toMatchObject({ status: 200, body: { latestDate: null } });
    expect(await latest(ALICE)).toMatchObject({ status: 200, body: { latestDate: null } });
  });

  it('follows the person’s own entries: a later one moves it, withdrawing it moves it back', async () => {
    const saved = await t.http('POST', '/api/timesheets', {
      token: tokens[SAM],
      body: {
        projectId: 21,
        subProjectId: null,
        confirmLate: false,
        items: [{ date: '2026-12-02', hours: '8', overtimeHours: null, comment: 'Playout planning' }],
      },
    });
    expect(saved.status).toBe(201);
    await t.projectionsCaughtUp();
    expect((await latest(SAM)).body).toEqual({ latestDate: '2026-12-02' });
    // Carlos's answer is his own.
    expect((await latest(CARLOS)).body).toEqual({ latestDate: '2026-11-13' });

    const [entryId] = saved.body.entryIds as string[];
    const withdrawn = await t.http('DELETE', `/api/timesheets/${entryId}?version=1`, { token: tokens[SAM] });
    expect(withdrawn.status).toBe(200);
    await t.projectionsCaughtUp();
    expect((await latest(SAM)).body).toEqual({ latestDate: '2026-11-13' });
  });

  it('answers 403 to a person deactivated since signing in', async () => {
    await deactivateDirectly(t, NOW, RITA);
    expectNotAllowedToSignIn(await latest(RITA));
  });
});
