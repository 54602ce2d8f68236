// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { eventLogChecks } from '../../../test/event-log';

// Wednesday 2026-11-18. Project 30 'Offshore Analytics' bills 'Fixed Offset (26 to 25)': its
// November period runs from 26 October to 25 November. Dana is on its roster.
const NOW = '2026-11-18T15:00:00.000Z';
const DANA = 4;
const PROJECT = 30;

describe('verifying a billing period that spans two months (Fixed Offset 26 to 25)', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp({ now: NOW, seedDemo: true });
    token = await t.signIn(DANA);
  });
  afterAll(() => t?.close());

  const { eventCount, expectRefused } = eventLogChecks(() => t, NOW);

  const enter = (date: string) =>
    t.http('POST', '/api/timesheets', {
      token,
      body: {
        projectId: PROJECT,
        subProjectId: null,
        items: [{ date, hours: '7.5', overtimeHours: null, comment: `Work on ${date}` }],
        confirmLate: true,
      },
    });
  const verify = (body: Record<string, unknown>) =>
    t.http('POST', '/api/ledgers/me/verify', { token, body: { projectId: PROJECT, ...body } });
  const stateOn = async (date: string) => {
    await t.projectionsCaughtUp();
    const listed = await t.http('GET', `/api/timesheets?start=${date}&end=${date}&projectId=${PROJECT}`, {
      token,
    });
    return listed.body.rows.map((row: { state: string }) => row.state);
  };

  it('refuses a range that is not one of the project’s periods, naming the cycle; nothing is recorded', async () => {
    await expectRefused(verify({ start: '2026-11-01', end: '2026-11-30', what: 'timesheets' }), 400, [
      {
        path: 'start',
        message:
          'Start and End must be the first and last day of one billing period of the project (Fixed Offset (26 to 25)).',
      },
    ]);
    await expectRefused(verify({ start: '2026-11-25', end: '2026-10-26' }), 400, [
      { path: 'end', message: 'End must not be before Start' },
    ]);
  });

  it('locks exactly the days of the period in both months: the days before and after stay open', async () => {
    for (const date of ['2026-10-24', '2026-10-27', '2026-11-20'])
      expect((await enter(date)).status).toBe(201);

    const before = await eventCount();
    const answer = await verify({ start: '2026-10-26', end: '2026-11-25', what: 'timesheets' });
    expect(answer.status).toBe(201);
    const recorded = await sql<{ stream_id: string; data: unknown }>`
      select stream_id, data from events where type = 'PeriodVerified' order by position desc limit 2`.execute(
      t.db.db,
    );
    expect(await eventCount()).toBe(before + 2);
    expect(recorded.rows.reverse()).toEqual([
      {
        stream_id: `ledger-${DANA}-2026-10`,
        data: {
          employeeId: DANA,
          projectId: PROJECT,
          month: '2026-10',
          what: 'timesheets',
          from: '2026-10-26',
          through: '2026-10-31',
        },
      },
      {
        stream_id: `ledger-${DANA}-2026-11`,
        data: {
          employeeId: DANA,
          projectId: PROJECT,
          month: '2026-11',
          what: 'timesheets',
          from: '2026-11-01',
          through: '2026-11-25',
        },
      },
    ]);

    // The rows in the period are verified; the one before it is not.
    expect(await stateOn('2026-10-27')).toEqual(['verified']);
    expect(await stateOn('2026-11-20')).toEqual(['verified']);
    expect(await stateOn('2026-10-24')).toEqual(['entered']);

    // New time inside the period is refused with the specs' message; outside it is taken.
    for (const date of ['2026-10-26', '2026-11-25']) {
      const refused = await enter(date);
      expect(refused.status).toBe(423);
      expect(refused.body.message).toBe('Offshore Analytics is not editable');
    }
    expect((await enter('2026-10-25')).status).toBe(201);
    expect((await enter('2026-11-26')).status).toBe(201);
    expect(await stateOn('2026-11-26')).toEqual(['entered']);
  });

  it('the lock check answers per day, with the days each lock covers', async () => {
    const ask = (month: string, date: string) =>
      t.http('GET', `/api/ledgers/${DANA}/${month}/locks/${PROJECT}?date=${date}`, { token });
    expect((await ask('2026-11', '2026-11-26')).body).toEqual({
      locked: false,
      projectId: PROJECT,
      month: '2026-11',
    });
    const locked = await ask('2026-11', '2026-11-25');
    expect(locked.body).toMatchObject({
      locked: true,
      kinds: ['timesheets'],
      spans: [{ kind: 'timesheets', from: '2026-11-01', through: '2026-11-25' }],
      message: 'Offshore Analytics is not editable',
    });
    await expectRefused(ask('2026-11', '2026-10-30'), 400, [
      { path: 'date', message: 'Date must be a day of the month asked about' },
    ]);
  });

  it('verifying the same period again records nothing; its expenses are still open', async () => {
    const before = await eventCount();
    expect((await verify({ start: '2026-10-26', end: '2026-11-25', what: 'timesheets' })).status).toBe(201);
    expect(await eventCount()).toBe(before);
    const lock = await t.http('GET', `/api/ledgers/${DANA}/2026-11/locks/${PROJECT}?date=2026-11-20`, {
      token,
    });
    expect(lock.body.kinds).toEqual(['timesheets']);
  });
});
