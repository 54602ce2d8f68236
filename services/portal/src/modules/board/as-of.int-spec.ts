// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
import {
  projectRequestSchema,
  type PlannedHoursGrid,
  type ReviewPage,
  type RosterMatrix,
} from '@portal/contracts';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { eventCount } from '../../../test/event-log';

/*
 * The "as of" views (issue 11): the admin review, the roster and planned hours as they stood at a
 * past instant, rebuilt from the log by the live projections. One seeded portal; the clock is
 * moved forward between the changes so each has its own instant.
 */
// Wednesday 2026-11-18. The demo seed: Carlos's October on project 12 is verified, not approved.
const NOW = '2026-11-18T15:00:00.000Z';
const T1 = '2026-11-18T16:00:00.000Z'; // before the approval
const T2 = '2026-11-18T17:00:00.000Z'; // Alice approves Carlos's October on 12
const T3 = '2026-11-18T18:00:00.000Z'; // Dana may bill project 14
const T4 = '2026-11-18T19:00:00.000Z'; // Carlos's plan on 14
const LATER = '2026-11-18T20:00:00.000Z'; // the clock while the views are asked
const ALICE = 1; // admin of owner 1
const CARLOS = 3;
const DANA = 4;
const SOFIA = 9; // sightstream admin (owner 2)
const OCTOBER = 'start=2026-10-01&end=2026-10-31';
const CARLOS_ON_12 = `${OCTOBER}&employeeId=${CARLOS}&projectId=12`;

let t: TestApp;
const tokens: Record<number, string> = {};
let before: ReviewPage;

beforeAll(async () => {
  t = await startTestApp({ now: NOW, seedDemo: true });
  await t.projectionsCaughtUp();
  for (const id of [ALICE, CARLOS, SOFIA]) tokens[id] = await t.signIn(id);
  t.clock.set(new Date(T1));
  before = await review(ALICE, CARLOS_ON_12);
  t.clock.set(new Date(T2));
  const approved = await t.http('POST', '/api/admin/review/approve', {
    token: tokens[ALICE],
    body: { employeeId: CARLOS, projectId: 12, start: '2026-10-01', end: '2026-10-31' },
  });
  expect(approved.status).toBe(200);
  t.clock.set(new Date(T3));
  const rostered = await t.http('POST', '/api/roster', {
    token: tokens[ALICE],
    body: { changes: [{ employeeId: DANA, projectId: 14, isAllowedToBill: true }] },
  });
  expect(rostered.status).toBe(201);
  t.clock.set(new Date(T4));
  const planned = await t.http('PUT', '/api/admin/planned-hours', {
    token: tokens[ALICE],
    body: { projectId: 14, cells: [{ employeeId: CARLOS, month: '2026-10', plannedHours: 7 }] },
  });
  expect(planned.status).toBe(200);
  t.clock.set(new Date(LATER));
  await t.projectionsCaughtUp();
});

afterAll(async () => {
  await t?.close();
});

const get = (who: number, path: string) => t.http('GET', path, { token: tokens[who] });
async function review(who: number, query: string): Promise<ReviewPage> {
  const answer = await get(who, `/api/admin/review?${query}`);
  expect(answer.status).toBe(200);
  return answer.body as ReviewPage;
}
const at = (instant: string) => `asOf=${encodeURIComponent(instant)}`;

describe('the admin review as of an instant', () => {
  it('shows a row unapproved before the approval and approved after it', async () => {
    expect(before.time.length).toBeGreaterThan(0);
    expect(new Set(before.time.map((r) => r.state))).not.toContain('approved');

    const then = await review(ALICE, `${CARLOS_ON_12}&${at('2026-11-18T16:30:00Z')}`);
    expect(then.time.map((r) => r.id).sort()).toEqual(before.time.map((r) => r.id).sort());
    expect(new Set(then.time.map((r) => r.state))).not.toContain('approved');
    expect(then.people[0].counts.approved).toBe(0);

    const after = await review(ALICE, `${CARLOS_ON_12}&${at('2026-11-18T17:30:00Z')}`);
    expect(new Set(after.time.map((r) => r.state))).toEqual(new Set(['approved']));
    expect(after.time).toHaveLength(then.time.length);
  });

  it('as of now answers exactly what the live review answers (the same projections, the same shape)', async () => {
    const live = await review(ALICE, OCTOBER);
    expect(await review(ALICE, `${OCTOBER}&${at(LATER)}`)).toEqual(live);
  });

  it("keeps a sightstream admin's view to owner 2", async () => {
    const live = await review(SOFIA, OCTOBER);
    const then = await review(SOFIA, `${OCTOBER}&${at('2026-11-18T16:30:00Z')}`);
    expect(then.people.length).toBeGreaterThan(0);
    expect(new Set(then.people.map((p) => p.ownerId))).toEqual(new Set([2]));
    expect(new Set([...then.time, ...then.expenses].map((r) => r.ownerId))).toEqual(new Set([2]));
    expect(then.people.map((p) => p.employeeId)).toEqual(live.people.map((p) => p.employeeId));
  });

  it('refuses a bad or future instant with 400 naming asOf, and anyone but an admin with 403', async () => {
    const count = await eventCount(t.db.db);
    const bad = await get(ALICE, `/api/admin/review?${OCTOBER}&asOf=yesterday`);
    expect(bad.status).toBe(400);
    expect(bad.body.problems).toEqual([
      { path: 'asOf', message: 'As of must be a date and time with a time zone, e.g. 2026-10-31T17:00:00Z' },
    ]);
    const future = await get(ALICE, `/api/admin/review?${OCTOBER}&${at('2026-11-18T20:01:00Z')}`);
    expect(future.status).toBe(400);
    expect(future.body.problems).toEqual([{ path: 'asOf', message: 'As of must not be in the future' }]);
    expect((await get(CARLOS, `/api/admin/review?${OCTOBER}&${at(T1)}`)).status).toBe(403);
    expect(await eventCount(t.db.db)).toBe(count);
  });
});

describe('the roster as of an instant', () => {
  const mayBill = (matrix: RosterMatrix, employeeId: number, projectId: number) => {
    const row = matrix.people.findIndex((p) => p.staffId === employeeId);
    const column = matrix.projects.findIndex((p) => p.projectId === projectId);
    return matrix.allowed[row].includes(column);
  };

  it('shows a cell as it stood before and after a RosterChanged, and offers no editing', async () => {
    const then = await get(ALICE, `/api/roster?${at('2026-11-18T17:30:00Z')}`);
    expect(then.status).toBe(200);
    expect(mayBill(then.body as RosterMatrix, DANA, 14)).toBe(false);
    expect(mayBill(then.body as RosterMatrix, CARLOS, 14)).toBe(true);
    expect((then.body as RosterMatrix).canEdit).toBe(false);

    const after = await get(ALICE, `/api/roster?${at('2026-11-18T18:30:00Z')}`);
    expect(mayBill(after.body as RosterMatrix, DANA, 14)).toBe(true);
    const live = await get(ALICE, '/api/roster');
    expect((after.body as RosterMatrix).allowed).toEqual((live.body as RosterMatrix).allowed);
  });

  it('refuses a bad instant with 400 naming asOf', async () => {
    const bad = await get(ALICE, '/api/roster?asOf=2026-02-30T10:00:00Z');
    expect(bad.status).toBe(400);
    expect(bad.body.problems[0].path).toBe('asOf');
  });
});

describe('planned hours as of an instant', () => {
  const grid = async (asOf: string | null): Promise<PlannedHoursGrid> => {
    const answer = await get(
      ALICE,
      `/api/admin/planned-hours?projectId=14&from=2026-10&to=2026-11${asOf ? `&${at(asOf)}` : ''}`,
    );
    expect(answer.status).toBe(200);
    return answer.body as PlannedHoursGrid;
  };
  const row = (g: PlannedHoursGrid, employeeId: number) => g.people.find((p) => p.employeeId === employeeId);

  it('shows a plan as it stood before and after a change, with the roster of that instant', async () => {
    const beforeRoster = await grid('2026-11-18T17:30:00Z');
    expect(row(beforeRoster, CARLOS)?.planned).toEqual({});
    expect(row(beforeRoster, DANA)).toBeUndefined();

    const beforePlan = await grid('2026-11-18T18:30:00Z');
    expect(row(beforePlan, DANA)).toBeDefined();
    expect(row(beforePlan, CARLOS)?.planned).toEqual({});

    const afterPlan = await grid('2026-11-18T19:30:00Z');
    expect(row(afterPlan, CARLOS)?.planned).toEqual({ '2026-10': 7 });
    expect(afterPlan).toEqual(await grid(null));
  });

  it('refuses a future instant with 400 naming asOf', async () => {
    const answer = await get(
      ALICE,
      `/api/admin/planned-hours?projectId=14&from=2026-10&to=2026-11&${at('2027-01-01T00:00:00Z')}`,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.problems).toEqual([{ path: 'asOf', message: 'As of must not be in the future' }]);
  });
});

// Last: it moves the clock past LATER.
describe('names in a past view', () => {
  it("are today's: a project renamed after the instant shows its new name, as the live review does", async () => {
    const project = await get(ALICE, '/api/admin/projects/12');
    expect(project.status).toBe(200);
    // The project as it is, in the form's fields only (the form refuses any other).
    const form = Object.fromEntries(
      Object.keys(projectRequestSchema.shape).map((field) => [field, project.body[field]]),
    );
    t.clock.set(new Date('2026-11-18T21:00:00.000Z'));
    const renamed = await t.http('PUT', '/api/admin/projects/12', {
      token: tokens[ALICE],
      body: { ...form, name: 'Renamed Afterwards' },
    });
    expect(renamed.status).toBe(200);
    await t.projectionsCaughtUp();

    const then = await review(ALICE, `${CARLOS_ON_12}&${at('2026-11-18T16:30:00Z')}`);
    expect(then.time.length).toBeGreaterThan(0);
    expect(new Set(then.time.map((r) => r.projectName))).toEqual(new Set(['Renamed Afterwards']));
    expect(new Set(then.time.map((r) => r.state))).not.toContain('approved');
    const live = await review(ALICE, CARLOS_ON_12);
    expect(then.time.map((r) => r.projectName)).toEqual(live.time.map((r) => r.projectName));
  });
});
