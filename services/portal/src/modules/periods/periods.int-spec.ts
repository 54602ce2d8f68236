// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { eventLogChecks } from '../../../test/event-log';

// Wednesday 2026-11-18. The demo seed: Carlos verified project 12 for 2026-09 (the oldest month).
const NOW = '2026-11-18T15:00:00.000Z';
const ALICE = 1; // admin of owner 1
const CARLOS = 3; // roster: 12, 14, 33, 45, 61
const DANA = 4;
const SAM = 5; // sightstream (owner 2); roster: 21, 22
const PRIYA = 8; // sightstream, not an admin

describe('periods over HTTP: verification and the lock check', () => {
  let t: TestApp;
  const tokens: Record<number, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ now: NOW, seedDemo: true });
    for (const id of [ALICE, CARLOS, DANA, SAM, PRIYA]) tokens[id] = await t.signIn(id);
  });
  afterAll(() => t?.close());

  const { eventCount, expectRefused, appendDirectly } = eventLogChecks(() => t, NOW);

  const verify = (who: number, month: string, projectId: number) =>
    t.http('POST', `/api/ledgers/me/${month}/verify`, { token: tokens[who], body: { projectId } });
  const lock = (who: number, employeeId: number, month: string, projectId: number) =>
    t.http('GET', `/api/ledgers/${employeeId}/${month}/locks/${projectId}`, { token: tokens[who] });

  const lockRows = async (employeeId: number) => {
    const periods = await sql<{ project_id: number }>`
      select project_id from rm_periods.locks where employee_id = ${employeeId}`.execute(t.db.db);
    const timesheets = await sql<{ project_id: number }>`
      select project_id from rm_timesheets.locks where employee_id = ${employeeId}`.execute(t.db.db);
    return { periods: periods.rows, timesheets: timesheets.rows };
  };

  it('a sightstream person verifying an owner-1 project is answered as for an unknown project; nothing is locked', async () => {
    const outOfScope = await expectRefused(verify(SAM, '2026-11', 12), 400);
    const unknown = await expectRefused(verify(SAM, '2026-11', 999999), 400);
    expect(outOfScope.body).toEqual(JSON.parse(JSON.stringify(unknown.body).replaceAll('999999', '12')));
    expect(outOfScope.body.problems).toEqual([{ path: 'projectId', message: 'Project 12 does not exist' }]);
    await t.projectionsCaughtUp();
    expect(await lockRows(SAM)).toEqual({ periods: [], timesheets: [] });
    const verified =
      await sql`select 1 from events where type = 'PeriodVerified' and stream_id like ${`ledger-${SAM}-%`}`.execute(
        t.db.db,
      );
    expect(verified.rows).toEqual([]);
  });

  it("a lock on a project outside the asker's owner scope (recorded before the scope check) does not name it", async () => {
    await appendDirectly(
      `ledger-${SAM}-2026-10`,
      'PeriodVerified',
      { employeeId: SAM, projectId: 12, month: '2026-10' },
      'legacy-lock',
    );
    const answer = await lock(SAM, SAM, '2026-10', 12);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      locked: true,
      project: 'Project 12',
      message: 'Project 12 is not editable',
    });
    expect(JSON.stringify(answer.body)).not.toContain('Pipeline Integrity Review');
  });

  it('verifying a project the person is not on the roster of is refused, naming the field', async () => {
    await expectRefused(verify(CARLOS, '2026-11', 18), 400, [
      { path: 'projectId', message: 'You are not on the roster of this project.' },
    ]);
  });

  it('the lock check answers 200 for an editable month, and the lock once verified (twice changes nothing)', async () => {
    expect(await lock(CARLOS, CARLOS, '2026-11', 33)).toMatchObject({
      status: 200,
      body: { locked: false, projectId: 33, month: '2026-11' },
    });

    const before = await eventCount();
    const first = await verify(CARLOS, '2026-11', 33);
    expect(first.status).toBe(201);
    expect(first.body.position).toMatch(/^\d+\/\d+$/);
    expect(await eventCount()).toBe(before + 1);
    const event = await sql<{ type: string; data: unknown; actor: string }>`
      select type, data, metadata->'actor'->>'id' as actor from events order by position desc limit 1`.execute(
      t.db.db,
    );
    expect(event.rows[0]).toEqual({
      type: 'PeriodVerified',
      data: { employeeId: CARLOS, projectId: 33, month: '2026-11' },
      actor: String(CARLOS),
    });
    expect((await verify(CARLOS, '2026-11', 33)).status).toBe(201);
    expect(await eventCount()).toBe(before + 1);

    const locked = await lock(CARLOS, CARLOS, '2026-11', 33);
    expect(locked.status).toBe(200);
    expect(locked.body).toEqual({
      locked: true,
      project: 'Fort McMurray Relocation',
      projectId: 33,
      month: '2026-11',
      verifiedAt: NOW,
      kinds: ['timesheets', 'expenses'],
      spans: [
        { kind: 'timesheets', from: '2026-11-01', through: '2026-11-30' },
        { kind: 'expenses', from: '2026-11-01', through: '2026-11-30' },
      ],
      message: 'Fort McMurray Relocation is not editable',
    });
    // The seeded verification of the oldest month.
    expect((await lock(CARLOS, CARLOS, '2026-09', 12)).body).toMatchObject({ locked: true, projectId: 12 });
  });

  it('admins ask about the people they can see; anyone else, or an unknown person, is 404', async () => {
    expect((await lock(ALICE, CARLOS, '2026-11', 33)).body).toMatchObject({ locked: true });
    expect((await lock(ALICE, SAM, '2026-11', 21)).body).toEqual({
      locked: false,
      projectId: 21,
      month: '2026-11',
    });
    const unknown = await lock(ALICE, 9999, '2026-11', 33);
    expect(unknown.status).toBe(404);
    for (const [asker, employeeId] of [
      [DANA, CARLOS],
      [PRIYA, CARLOS],
      [SAM, PRIYA],
    ]) {
      const res = await lock(asker, employeeId, '2026-11', 33);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown.body);
    }
  });
});
