// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
import type { BoardRow, PeriodBoard } from '@portal/contracts';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { eventLogChecks } from '../../../test/event-log';

// Wednesday 2026-11-18: the board shows each project's previous and current billing period
// (project 12 bills 26 to 25: 26 Sep - 25 Oct and 26 Oct - 25 Nov; 45 by calendar month: October
// and November), and the missing days of October and November.
const NOW = '2026-11-18T15:00:00.000Z';
const ALICE = 1; // admin of owner 1 (sees every owner)
const CARLOS = 3; // roster: 12, 14, 33, 45, 61
const DANA = 4;
const SAM = 5; // sightstream (owner 2)
const IVAN = 7; // inactive
const PRIYA = 8; // sightstream; made an admin below

describe('the period board over HTTP', () => {
  let t: TestApp;
  const tokens: Record<number, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ now: NOW, seedDemo: true });
    for (const id of [ALICE, CARLOS, DANA, SAM]) tokens[id] = await t.signIn(id);
  });
  afterAll(() => t?.close());

  const { appendDirectly } = eventLogChecks(() => t, NOW);

  const board = async (who: number): Promise<PeriodBoard> => {
    await t.projectionsCaughtUp();
    const answer = await t.http('GET', '/api/periods/board', { token: tokens[who] });
    expect(answer.status).toBe(200);
    return answer.body as PeriodBoard;
  };
  const rowOf = (b: PeriodBoard, employeeId: number, projectId: number): BoardRow | undefined =>
    b.rows.find((r) => r.employeeId === employeeId && r.projectId === projectId);
  const statesOf = (row: BoardRow | undefined) => row?.cells.map((c) => c.state);
  const carlosRows = async (projectId: number, date: string) =>
    (
      await t.http('GET', `/api/timesheets?start=${date}&end=${date}&projectId=${projectId}`, {
        token: tokens[CARLOS],
      })
    ).body.rows;
  /** Alice returns Carlos's period 'Oct - 2026' (26 Sep - 25 Oct) on project 12: the chosen entries, or (none) all of it. */
  const aliceReturnsOctoberOf12 = (reason: string, entryIds: string[]) =>
    t.http('POST', '/api/admin/review/return', {
      token: tokens[ALICE],
      body: { employeeId: CARLOS, projectId: 12, start: '2026-09-26', end: '2026-10-25', reason, entryIds },
    });
  const OCTOBER_OF_12 = { key: '2026-10', label: 'Oct - 2026', start: '2026-09-26', end: '2026-10-25' };
  const carlosEnters = (projectId: number, items: { date: string; hours: string; comment: string }[]) =>
    t.http('POST', '/api/timesheets', {
      token: tokens[CARLOS],
      body: {
        projectId,
        subProjectId: null,
        confirmLate: true,
        items: items.map((item) => ({ ...item, overtimeHours: null })),
      },
    });

  it('an employee sees only their own periods, with the missing working days and what is left to do', async () => {
    const mine = await board(CARLOS);
    expect(mine.months).toEqual(['2026-10', '2026-11']);
    expect(new Set(mine.rows.map((r) => r.employeeId))).toEqual(new Set([CARLOS]));
    expect(mine.people.map((p) => p.employeeId)).toEqual([CARLOS]);
    expect(mine.rows.map((r) => r.projectId).sort((a, b) => a - b)).toEqual([12, 14, 33, 45, 61]);

    const pipeline = rowOf(mine, CARLOS, 12)!;
    expect(pipeline.projectName).toBe('Pipeline Integrity Review');
    expect(pipeline.cells[0]).toMatchObject({
      period: OCTOBER_OF_12,
      state: 'entered',
      hours: '96',
      expensesClaimed: '59.47',
    });
    // 26 to 30 September were approved with the seed's September; 1 to 25 October are entered.
    expect(pipeline.cells[0].counts).toEqual({ entered: 10, verified: 0, approved: 3, returned: 0 });
    expect(rowOf(mine, CARLOS, 45)!.cells[1].hours).toBe('15');
    expect(statesOf(rowOf(mine, CARLOS, 33))).toEqual(['nothing', 'entered']);

    // Monday 16 and Tuesday 17 have no time yet (Wednesday 18 is today, not over).
    expect(mine.people[0]!.missingDays).toEqual([[], ['2026-11-16', '2026-11-17']]);
    expect(mine.tasks.map((task) => task.text)).toEqual([
      'Enter time for 2 working days of Nov - 2026 without any hours',
      'Verify Field Operations (Overtime) for 7 Nov - 13 Nov 2026',
      'Verify Pipeline Integrity Review for Oct - 2026 (26 Sep - 25 Oct 2026)',
      'Verify Transit Signalling Upgrade for Oct - 2026 (26 Sep - 30 Oct 2026)',
      'Verify Umbrella Services for Oct - 2026',
    ]);
  });

  it('entering the missing days and verifying October moves the board and clears those tasks', async () => {
    const saved = await carlosEnters(12, [
      { date: '2026-11-16', hours: '8', comment: 'Inspection report' },
      { date: '2026-11-17', hours: '7.5', comment: 'Inspection report' },
    ]);
    expect(saved.status).toBe(201);
    const verified = await t.http('POST', '/api/ledgers/me/2026-10/verify', {
      token: tokens[CARLOS],
      body: { projectId: 12 },
    });
    expect(verified.status).toBe(201);

    const mine = await board(CARLOS);
    expect(mine.people[0]!.missingDays).toEqual([[], []]);
    const pipeline = rowOf(mine, CARLOS, 12)!;
    expect(pipeline.cells[0]).toMatchObject({
      state: 'verified',
      counts: { entered: 0, verified: 10, approved: 3, returned: 0 },
    });
    // 26 October to 25 November: 72 h seeded, 15.5 h entered now.
    expect(pipeline.cells[1].hours).toBe('87.5');
    expect(mine.tasks.map((task) => task.text)).not.toContain(
      'Verify Pipeline Integrity Review for Oct - 2026 (26 Sep - 25 Oct 2026)',
    );
    expect(mine.tasks.some((task) => task.kind === 'enter-missing-days')).toBe(false);
  });

  it('time entered or changed late counts as late entries of its cell; an admin’s correction leaves it late', async () => {
    // The demo history was entered on time.
    expect((await board(CARLOS)).rows.flatMap((r) => r.cells).every((c) => c.lateEntries === 0)).toBe(true);

    // Before Monday 16 November is late: two days on 33 entered now, one seeded day on 45 changed now.
    const saved = await carlosEnters(33, [
      { date: '2026-11-12', hours: '4', comment: 'Signal survey' },
      { date: '2026-11-13', hours: '4', comment: 'Signal survey' },
    ]);
    expect(saved.status).toBe(201);
    const [thursday] = await carlosRows(45, '2026-11-05');
    const changed = await t.http('PUT', `/api/timesheets/${thursday.id}`, {
      token: tokens[CARLOS],
      body: {
        projectId: 45,
        subProjectId: thursday.subProjectId,
        date: thursday.date,
        hours: '6',
        overtimeHours: null,
        comment: thursday.comment,
        version: thursday.version,
        confirmLate: true,
      },
    });
    expect(changed.status).toBe(200);

    let mine = await board(CARLOS);
    expect(rowOf(mine, CARLOS, 33)!.cells.map((c) => c.lateEntries)).toEqual([0, 2]);
    expect(rowOf(mine, CARLOS, 45)!.cells.map((c) => c.lateEntries)).toEqual([0, 1]);
    expect(rowOf(mine, CARLOS, 12)!.cells.map((c) => c.lateEntries)).toEqual([0, 0]);

    // An admin's correction is not late itself, and does not make the late entry on time.
    const [survey] = await carlosRows(33, '2026-11-12');
    const corrected = await t.http('PUT', `/api/admin/timesheets/${survey.id}`, {
      token: tokens[ALICE],
      body: {
        employeeId: CARLOS,
        projectId: 33,
        subProjectId: null,
        date: survey.date,
        hours: '3.5',
        overtimeHours: null,
        comment: survey.comment,
        version: survey.version,
      },
    });
    expect(corrected.status).toBe(200);
    mine = await board(CARLOS);
    expect(rowOf(mine, CARLOS, 33)!.cells[1]).toMatchObject({ lateEntries: 2, hours: '7.5' });
    expect(rowOf(await board(ALICE), CARLOS, 33)!.cells[1].lateEntries).toBe(2);
  });

  it('a period an admin returns shows as returned with its reason, first on the person’s list of things to do', async () => {
    const returned = await aliceReturnsOctoberOf12('Hours on October 3 are doubled', []);
    expect(returned.status).toBe(200);
    const mine = await board(CARLOS);
    const october = rowOf(mine, CARLOS, 12)!.cells[0];
    expect(october.state).toBe('returned');
    expect(october.returnReason).toBe('Hours on October 3 are doubled');
    expect(october.counts.returned).toBeGreaterThan(0);
    expect(mine.tasks[0]!.text).toBe(
      'Fix what was returned on Pipeline Integrity Review for Oct - 2026 (26 Sep - 25 Oct 2026): Hours on October 3 are doubled',
    );
    expect((await board(ALICE)).owners.find((o) => o.ownerId === 1)!.cells.returned).toBe(0);
  });

  it('a cell returned twice shows the latest return’s reason', async () => {
    const [fifth] = await carlosRows(12, '2026-10-05');
    // An hour after the first return. Sorted by text, the earlier reason ('Hours ...') would come
    // after this one ('Also ...').
    t.clock.set(new Date(Date.parse(NOW) + 3_600_000));
    const reason = 'Also: October 5 needs the site name';
    const returned = await aliceReturnsOctoberOf12(reason, [fifth.id]);
    expect(returned.status).toBe(200);
    t.clock.set(new Date(NOW));
    const october = rowOf(await board(CARLOS), CARLOS, 12)!.cells[0];
    expect(october).toMatchObject({ state: 'returned', returnReason: reason });
  });

  it('an admin of owner 1 sees every active person of both owners, with totals by owner', async () => {
    const all = await board(ALICE);
    const people = new Set(all.rows.map((r) => r.employeeId));
    expect(people.has(CARLOS) && people.has(DANA) && people.has(SAM)).toBe(true);
    expect(people.has(IVAN)).toBe(false);
    expect(all.tasks).toEqual([]);
    expect(all.owners.map((o) => o.ownerId)).toEqual([1, 2]);
    const sightstream = all.owners.find((o) => o.ownerId === 2)!;
    const samNovember = all.rows.filter((r) => r.ownerId === 2).map((r) => r.cells[1]);
    expect(sightstream.cells.entered).toBe(samNovember.filter((c) => c.state === 'entered').length);
    expect(Object.values(sightstream.cells).reduce((a, b) => a + b, 0)).toBe(samNovember.length);
  });

  it('a kept board is dropped when a row changes: the next answer shows it, without waiting', async () => {
    const ask = async (who: number): Promise<PeriodBoard> => {
      const answer = await t.http('GET', '/api/periods/board', { token: tokens[who] });
      expect(answer.status).toBe(200);
      return answer.body as PeriodBoard;
    };
    const before = await board(ALICE);
    // Asked again while nothing moved: the same answer (kept), for the admin and for Carlos.
    expect(await ask(ALICE)).toEqual(before);
    const carlosBefore = await ask(CARLOS);
    expect(await ask(CARLOS)).toEqual(carlosBefore);
    expect(rowOf(before, CARLOS, 12)!.cells[1].hours).toBe('87.5');

    const [monday] = await carlosRows(12, '2026-11-16');
    const changed = await t.http('PUT', `/api/timesheets/${monday.id}`, {
      token: tokens[CARLOS],
      body: {
        projectId: 12,
        subProjectId: null,
        date: monday.date,
        hours: '5',
        overtimeHours: null,
        comment: monday.comment,
        version: monday.version,
        confirmLate: true,
      },
    });
    expect(changed.status).toBe(200);

    // No waiting for the projections: the very next answers hold the change.
    expect(rowOf(await ask(ALICE), CARLOS, 12)!.cells[1].hours).toBe('84.5');
    const carlosAfter = await ask(CARLOS);
    expect(rowOf(carlosAfter, CARLOS, 12)!.cells[1].hours).toBe('84.5');
    // Kept per caller: Carlos still gets only his own rows, Sam (owner 2) only his.
    expect(new Set(carlosAfter.rows.map((r) => r.employeeId))).toEqual(new Set([CARLOS]));
    const sams = await ask(SAM);
    expect(new Set(sams.rows.map((r) => r.employeeId))).toEqual(new Set([SAM]));
    expect(sams.people.map((p) => p.employeeId)).toEqual([SAM]);
  });

  it('the board goes out compressed when the client accepts it, with an ETag', async () => {
    await t.projectionsCaughtUp();
    const answer = await t.http('GET', '/api/periods/board', {
      token: tokens[ALICE],
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(answer.headers.get('etag')).toMatch(/^W\/"/);
    expect((answer.body as PeriodBoard).months).toEqual(['2026-10', '2026-11']);
  });

  it('a sightstream admin sees owner-2 people and projects only', async () => {
    await appendDirectly(
      `staff-${PRIYA}`,
      'StaffAccessChanged',
      { staffId: PRIYA, isAdmin: true },
      'priya-admin',
    );
    await t.projectionsCaughtUp();
    tokens[PRIYA] = await t.signIn(PRIYA);
    // The firm's admin asks first, at the same read-model position: her kept board is not Priya's.
    expect(new Set((await board(ALICE)).rows.map((r) => r.ownerId))).toEqual(new Set([1, 2]));
    const theirs = await board(PRIYA);
    expect(theirs.rows.length).toBeGreaterThan(0);
    expect(new Set(theirs.rows.map((r) => r.ownerId))).toEqual(new Set([2]));
    expect(theirs.people.every((p) => p.ownerId === 2)).toBe(true);
    expect(theirs.owners.map((o) => o.ownerId)).toEqual([2]);
    expect(theirs.rows.some((r) => r.employeeId === CARLOS || r.projectId === 12)).toBe(false);
  });

  it('nobody signed in gets no board', async () => {
    const answer = await t.http('GET', '/api/periods/board', {});
    expect(answer.status).toBe(401);
  });
});
