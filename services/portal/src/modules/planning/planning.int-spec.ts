import ExcelJS from 'exceljs';
import { monthsBetween, normaliseDecimal, sumDecimals } from '@portal/contracts';
import { startTestApp, testNow, type TestApp } from '../../../test/app-harness';
import { demoTimeHistory, runMonth, runToday, weekdaysIn } from '../../../test/dates';
import { eventCount, expectRefused } from '../../../test/event-log';
import { CommandBus } from '@nestjs/cqrs';
import { systemCaller } from '../../platform/cqrs';
import { EventStore } from '../../platform/event-store/event-store.port';
import { ChangeRosterCommand } from '../roster';

/* Planned hours over the seeded demo data, through the whole app (projector included). */
let t: TestApp;
const tokens: Record<number, string> = {};

const ALICE = 1; // admin, owner 1
const CARLOS = 3; // owner 1, on the roster of 12, 14, 33, 45, 61
const DANA = 4; // owner 1, not on the roster of 14
const SAM = 5; // owner 2, on 21 and 22
const PRIYA = 8; // owner 2, on 21 and 22
const SOFIA = 9; // sightstream admin (owner 2)

const TODAY = runToday();
const MONTH = runMonth();
const PREVIOUS = runMonth(-1);
const NEXT = runMonth(1);
const RANGE = `from=${PREVIOUS}&to=${NEXT}`;
/** Another day of this month than today. */
const OTHER_DAY = TODAY === `${MONTH}-01` ? `${MONTH}-02` : `${MONTH}-01`;

/**
 * Carlos's demo hours on sub-project 14 in a month (a decimal string; undefined for none): 7.5 on
 * each Thursday of the demo time history, on umbrella project 45 for sub-project 14.
 */
function demoHoursOn14(month: string): string | undefined {
  const thursdays = weekdaysIn(month, 3, demoTimeHistory());
  return thursdays.length === 0 ? undefined : sumDecimals(thursdays.map(() => '7.5'));
}

/** The actual hours of a grid's row, as canonical decimals (PostgreSQL answers '30.0' for 30). */
const canonical = (actual: Record<string, string>) =>
  Object.fromEntries(Object.entries(actual).map(([month, hours]) => [month, normaliseDecimal(hours)]));
/** Months with hours only, as the grid answers them. */
const hoursByMonth = (hours: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(hours).filter(([, value]) => value !== undefined));

beforeAll(async () => {
  t = await startTestApp({ seedDemo: true });
  await t.projectionsCaughtUp();
  for (const id of [ALICE, CARLOS, SOFIA]) tokens[id] = await t.signIn(id);
});

afterAll(async () => {
  await t?.close();
});

const grid = (who: number, projectId: number, range = RANGE) =>
  t.http('GET', `/api/admin/planned-hours?projectId=${projectId}&${range}`, { token: tokens[who] });
const save = (who: number, body: unknown) =>
  t.http('PUT', '/api/admin/planned-hours', { token: tokens[who], body });
const cell = (employeeId: number, month: string, plannedHours: unknown) => ({
  employeeId,
  month,
  plannedHours,
});

describe('GET /api/admin/planned-hours', () => {
  it('answers the roster of the project by the months asked', async () => {
    const answer = await grid(ALICE, 14);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      projectId: 14,
      projectName: 'Transit Signalling Upgrade',
      months: [PREVIOUS, MONTH, NEXT],
      // Carlos's demo time on umbrella project 45 for sub-project 14 is his actual on 14.
      people: [
        {
          employeeId: CARLOS,
          name: 'Carlos Contractor',
          isActive: true,
          planned: {},
          actual: expect.anything(),
        },
      ],
    });
    expect(canonical(answer.body.people[0].actual)).toEqual(
      hoursByMonth({ [PREVIOUS]: demoHoursOn14(PREVIOUS), [MONTH]: demoHoursOn14(MONTH) }),
    );
  });

  it('shows the demo plan of project 12 (the seed step), with the hours recorded beside it', async () => {
    // The seed plans two months back to three ahead of the month it ran in.
    const six = monthsBetween(runMonth(-2), runMonth(3));
    const answer = await grid(ALICE, 12, `from=${six[0]}&to=${six[5]}`);
    expect(answer.status).toBe(200);
    const byName = new Map(answer.body.people.map((p: { name: string }) => [p.name, p]));
    const carlos = byName.get('Carlos Contractor') as { planned: object; actual: Record<string, string> };
    const dana = byName.get('Dana Developer') as { planned: object; actual: object };
    expect(carlos.planned).toEqual(Object.fromEntries(six.map((m) => [m, 96])));
    expect(dana.planned).toEqual(Object.fromEntries(six.slice(0, 5).map((m) => [m, 40])));
    // Carlos's demo history on project 12 (three days a week) is his actual; Dana records none there.
    expect(Number(carlos.actual[PREVIOUS])).toBeGreaterThan(0);
    expect(dana.actual).toEqual({});
    const [event] = await t.app.get(EventStore).readStream('planned-hours-12');
    expect(event!.metadata.actor).toEqual({ id: 'system', name: 'Demo seed' });
  });

  it('refuses an end month before the start month, naming the field', async () => {
    const answer = await grid(ALICE, 14, `from=${NEXT}&to=${PREVIOUS}`);
    expect(answer.status).toBe(400);
    expect(answer.body.problems).toEqual([
      { path: 'to', message: 'End month must not be before the start month' },
    ]);
  });

  it('offers no project of client 4, and keeps no plan for one', async () => {
    const projects = await t.http('GET', '/api/admin/planned-hours/projects', { token: tokens[ALICE] });
    expect(projects.status).toBe(200);
    const ids = projects.body.map((p: { projectId: number }) => p.projectId);
    expect(ids).toEqual(expect.arrayContaining([12, 14, 21, 22, 27, 30, 33, 61, 64]));
    for (const excluded of [18, 36, 45]) expect(ids).not.toContain(excluded);
    const refused = await grid(ALICE, 18);
    expect(refused.status).toBe(400);
    expect(refused.body.problems).toEqual([
      { path: 'projectId', message: 'Planned hours are not kept for projects of client 4' },
    ]);
    await expectRefused(t, save(ALICE, { projectId: 18, cells: [cell(DANA, MONTH, 1)] }), 400);
  });
});

describe('PUT /api/admin/planned-hours', () => {
  it('records every changed cell of a batch as one event with the admin as actor and before → after', async () => {
    const before = await eventCount(t.db.db);
    const answer = await save(ALICE, {
      projectId: 14,
      cells: [cell(CARLOS, PREVIOUS, 7), cell(CARLOS, MONTH, 0), cell(CARLOS, NEXT, null)],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.changed).toBe(2);
    expect(await eventCount(t.db.db)).toBe(before + 1);
    const stream = await t.app.get(EventStore).readStream('planned-hours-14');
    expect(stream).toHaveLength(1);
    expect(stream[0]!.type).toBe('PlannedHoursSet');
    expect(stream[0]!.metadata.actor).toEqual({ id: String(ALICE), name: 'Alice Admin' });
    expect(stream[0]!.data).toEqual({
      projectId: 14,
      changes: [
        { employeeId: CARLOS, month: PREVIOUS, before: { plannedHours: null }, after: { plannedHours: 7 } },
        { employeeId: CARLOS, month: MONTH, before: { plannedHours: null }, after: { plannedHours: 0 } },
      ],
    });
    // Read-your-writes: the grid right after shows the saved values; the empty cell stays null.
    expect((await grid(ALICE, 14)).body.people[0].planned).toEqual({ [PREVIOUS]: 7, [MONTH]: 0 });

    // Saving the same values again changes nothing and records nothing.
    const again = await save(ALICE, { projectId: 14, cells: [cell(CARLOS, PREVIOUS, 7)] });
    expect(again.body.changed).toBe(0);
    expect(await t.app.get(EventStore).readStream('planned-hours-14')).toHaveLength(1);

    // Emptying a cell records its before → after too.
    await save(ALICE, { projectId: 14, cells: [cell(CARLOS, MONTH, null)] });
    const latest = (await t.app.get(EventStore).readStream('planned-hours-14')).at(-1)!;
    expect(latest.data).toEqual({
      projectId: 14,
      changes: [
        { employeeId: CARLOS, month: MONTH, before: { plannedHours: 0 }, after: { plannedHours: null } },
      ],
    });
    expect((await grid(ALICE, 14)).body.people[0].planned).toEqual({ [PREVIOUS]: 7, [MONTH]: null });
  });

  it('refuses a whole batch with one bad cell, naming the cell, and saves nothing', async () => {
    await expectRefused(
      t,
      save(ALICE, { projectId: 14, cells: [cell(CARLOS, NEXT, 9), cell(DANA, MONTH, 3)] }),
      400,
      [
        {
          path: 'cells.1.employeeId',
          message: `Employee ${DANA} (cell for ${MONTH}) is not on the roster of project 14`,
        },
      ],
    );
    await expectRefused(
      t,
      save(ALICE, { projectId: 14, cells: [cell(CARLOS, NEXT, 9), cell(CARLOS, MONTH, 2.5)] }),
      400,
      [
        {
          path: 'cells.1.plannedHours',
          message: 'Planned hours must be a whole number from 0 to 744, or empty',
        },
      ],
    );
    expect((await grid(ALICE, 14)).body.people[0].planned[NEXT]).toBeUndefined();
  });

  it('takes any number of cells in one request', async () => {
    // Five years up to next month: every month the seed planned is among them.
    const months = monthsBetween(runMonth(-58), NEXT);
    expect(months).toHaveLength(60);
    const cells = months.flatMap((month) => [cell(CARLOS, month, 1)]);
    const answer = await save(ALICE, {
      projectId: 12,
      cells: [...cells, ...months.map((m) => cell(DANA, m, 2))],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.changed).toBeGreaterThan(60);
    const read = await grid(ALICE, 12, `from=${months[0]}&to=${NEXT}`);
    const dana = read.body.people.find((p: { employeeId: number }) => p.employeeId === DANA);
    expect(Object.values(dana.planned)).toEqual(Array(60).fill(2));
  });
});

describe('plan against actual', () => {
  it('shows the hours a person records on the project in the month', async () => {
    const before = await grid(ALICE, 14);
    const previous = demoHoursOn14(PREVIOUS)!;
    expect(canonical(before.body.people[0].actual)).toEqual(
      hoursByMonth({ [PREVIOUS]: previous, [MONTH]: demoHoursOn14(MONTH) }),
    );
    const carlos = await t.signIn(CARLOS);
    const entry = await t.http('POST', '/api/timesheets', {
      token: carlos,
      body: {
        projectId: 14,
        subProjectId: null,
        items: [
          { date: TODAY, hours: '6.5', overtimeHours: null, comment: 'Signal survey' },
          { date: OTHER_DAY, hours: '1.2', overtimeHours: null, comment: 'Signal survey' },
        ],
        confirmLate: true,
      },
    });
    expect(entry.status).toBe(201);
    await t.projectionsCaughtUp();
    expect(canonical((await grid(ALICE, 14)).body.people[0].actual)).toEqual({
      [PREVIOUS]: previous,
      [MONTH]: sumDecimals([demoHoursOn14(MONTH) ?? '0', '6.5', '1.2']),
    });
  });
});

describe('plan against actual with sub-projects (docs/decisions/0163-sub-project-time-counts-for-the-sub-project.md)', () => {
  it('hours on umbrella project 45 for sub-project 33 count for 33 (45, of client 4, is never planned)', async () => {
    const actualOf = async (projectId: number) => {
      const body = (await grid(ALICE, projectId)).body as {
        people: { employeeId: number; actual: Record<string, string> }[];
      };
      return Number(body.people.find((p) => p.employeeId === CARLOS)?.actual[MONTH] ?? 0);
    };
    expect((await grid(ALICE, 45)).status).not.toBe(200);
    const before = await actualOf(33);
    const carlos = await t.signIn(CARLOS);
    const entry = await t.http('POST', '/api/timesheets', {
      token: carlos,
      body: {
        projectId: 45,
        subProjectId: 33,
        items: [{ date: TODAY, hours: '4', overtimeHours: null, comment: 'Umbrella work for 33' }],
        confirmLate: true,
      },
    });
    expect(entry.status).toBe(201);
    await t.projectionsCaughtUp();
    expect(await actualOf(33)).toBe(before + 4);
  });
});

describe('PlannedHours.xlsx', () => {
  it('holds Name and a column per month headed day-month-year, blank as 0, then plan against actual', async () => {
    const response = await fetch(`${t.baseUrl}/api/admin/planned-hours/export?projectId=14&${RANGE}`, {
      headers: { authorization: `Bearer ${tokens[ALICE]}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('PlannedHours.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Planned Hours')!;
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    // Months headed by their first day, day-month-year.
    const [previous, month, next] = [PREVIOUS, MONTH, NEXT].map((m) => `01-${m.slice(5)}-${m.slice(0, 4)}`);
    expect(values(1)).toEqual([
      'Name',
      previous,
      month,
      next,
      `Actual ${previous}`,
      `Difference ${previous}`,
      `Actual ${month}`,
      `Difference ${month}`,
      `Actual ${next}`,
      `Difference ${next}`,
      'Total Planned',
      'Total Actual',
      'Total Difference',
      'Plan status',
    ]);
    // Planned 7 last month (this month emptied, next never planned); recorded: the demo history
    // and the 7.7 hours Carlos added this month.
    const actualPrevious = demoHoursOn14(PREVIOUS)!;
    const actualMonth = sumDecimals([demoHoursOn14(MONTH) ?? '0', '7.7']);
    const actualTotal = sumDecimals([actualPrevious, actualMonth]);
    const minus = (a: string, b: string) => sumDecimals([a, `-${b}`]);
    const carlos = [
      ...[7, 0, 0],
      ...[actualPrevious, minus(actualPrevious, '7'), actualMonth, actualMonth].map(Number),
      ...[0, 0, 7],
      ...[actualTotal, minus(actualTotal, '7')].map(Number),
      'Over plan',
    ];
    expect(values(2)).toEqual(['Carlos Contractor', ...carlos]);
    expect(values(3)).toEqual(['Total Hours', ...carlos]);
  });
});

describe('who may plan', () => {
  it('a regular employee gets 403 on every call and changes nothing', async () => {
    const token = tokens[CARLOS];
    for (const path of [
      '/api/admin/planned-hours/projects',
      `/api/admin/planned-hours?projectId=14&${RANGE}`,
      `/api/admin/planned-hours/export?projectId=14&${RANGE}`,
    ])
      expect((await t.http('GET', path, { token })).status).toBe(403);
    await expectRefused(t, save(CARLOS, { projectId: 14, cells: [cell(CARLOS, NEXT, 5)] }), 403);
  });

  it('a sightstream admin sees and plans only owner-2 projects and people', async () => {
    const projects = await t.http('GET', '/api/admin/planned-hours/projects', { token: tokens[SOFIA] });
    expect(projects.body.map((p: { projectId: number }) => p.projectId).sort()).toEqual([21, 22]);
    expect((await grid(SOFIA, 12)).status).toBe(404);
    const owned = await grid(SOFIA, 21);
    expect(owned.status).toBe(200);
    expect(owned.body.people.map((p: { employeeId: number }) => p.employeeId).sort()).toEqual([SAM, PRIYA]);
    expect((await save(SOFIA, { projectId: 21, cells: [cell(SAM, MONTH, 20)] })).status).toBe(200);
    await expectRefused(t, save(SOFIA, { projectId: 12, cells: [cell(CARLOS, MONTH, 5)] }), 404);
    expect(
      (await grid(SOFIA, 21)).body.people.find((p: { employeeId: number }) => p.employeeId === SAM).planned,
    ).toEqual({
      [MONTH]: 20,
    });
  });

  it('a sightstream admin never sees nor plans an owner-1 person on an owner-2 project', async () => {
    const caller = systemCaller({
      actor: { id: 'system', name: 'Planning test' },
      commandId: 'planning-test-roster-carlos-21',
      correlationId: 'planning-test',
      causationId: null,
      now: new Date(testNow()),
    });
    await t.app
      .get(CommandBus)
      .execute(
        new ChangeRosterCommand(caller, [{ employeeId: CARLOS, projectId: 21, isAllowedToBill: true }]),
      );
    await t.projectionsCaughtUp();
    const ids = (answer: { body: { people: { employeeId: number }[] } }) =>
      answer.body.people.map((p) => p.employeeId).sort();
    expect(ids(await grid(ALICE, 21))).toEqual([CARLOS, SAM, PRIYA]);
    expect(ids(await grid(SOFIA, 21))).toEqual([SAM, PRIYA]);
    await expectRefused(t, save(SOFIA, { projectId: 21, cells: [cell(CARLOS, MONTH, 5)] }), 403);
    expect((await save(ALICE, { projectId: 21, cells: [cell(CARLOS, MONTH, 5)] })).status).toBe(200);
  });
});
