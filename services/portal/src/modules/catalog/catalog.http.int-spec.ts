import { startTestApp, type TestApp } from '../../../test/app-harness';
import { SIGHTSTREAM_BILLABLE } from '../../../test/catalog-fixtures';

/* The project endpoints over the seeded demo data, through the whole app (projector included). */
let t: TestApp;

/** People of the demo seed (seed/demo-data.ts). */
const CARLOS = 3; // owner 1
const DANA = 4; // owner 1
const SAM = 5; // owner 2, sightstream
const ALICE = 1; // admin, owner 1, on the roster of 18 and 45 only
const SOFIA = 9; // admin of owner 2 (sightstream)
const AUDREY = 10; // auditor, on no roster

beforeAll(async () => {
  t = await startTestApp({ seedDemo: true });
  await t.projectionsCaughtUp();
});

afterAll(async () => {
  await t?.close();
});

const names = (body: { name: string }[]) => body.map((p) => p.name);

describe('GET /api/projects/billable', () => {
  it('a contractor gets the active projects the roster lets them bill, by name', async () => {
    const token = await t.signIn(CARLOS);
    const answer = await t.http('GET', '/api/projects/billable', { token });
    expect(answer.status).toBe(200);
    expect(names(answer.body)).toEqual([
      'Field Operations (Overtime)',
      'Fort McMurray Relocation',
      'Pipeline Integrity Review',
      'Transit Signalling Upgrade',
      'Umbrella Services',
    ]);
    expect(answer.body[0]).toEqual({
      projectId: 61,
      name: 'Field Operations (Overtime)',
      ownerId: 1,
      billingCycle: 'Weekly (Saturday to Friday)',
      invoiceCurrency: 'USD',
      hasOvertime: true,
    });
  });

  it('an inactive project on the roster is left out', async () => {
    const token = await t.signIn(DANA);
    const answer = await t.http('GET', '/api/projects/billable', { token });
    expect(answer.body.map((p: { projectId: number }) => p.projectId).sort()).toEqual([12, 18, 30, 45, 64]);
  });

  it('a sightstream person gets only owner-2 projects', async () => {
    const token = await t.signIn(SAM);
    const answer = await t.http('GET', '/api/projects/billable', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(SIGHTSTREAM_BILLABLE);
  });

  it('needs a sign-in', async () => {
    expect((await t.http('GET', '/api/projects/billable')).status).toBe(401);
  });
});

describe('GET /api/projects/sub-projects', () => {
  it('lists every active project except umbrella project 45', async () => {
    const token = await t.signIn(CARLOS);
    const answer = await t.http('GET', '/api/projects/sub-projects', { token });
    expect(answer.status).toBe(200);
    const ids = answer.body.map((p: { projectId: number }) => p.projectId);
    expect(ids).toHaveLength(10);
    expect(ids).not.toContain(45);
    expect(ids).not.toContain(27);
    expect(names(answer.body)[0]).toBe('Archive Migration');
  });
});

describe('GET /api/projects/:id', () => {
  it('answers one project with its active flag', async () => {
    const token = await t.signIn(CARLOS);
    const answer = await t.http('GET', '/api/projects/33', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      projectId: 33,
      name: 'Fort McMurray Relocation',
      ownerId: 1,
      billingCycle: 'Fixed Offset (26 to 25)',
      invoiceCurrency: 'CAD',
      hasOvertime: false,
      isActive: true,
    });
  });

  it('404 for an unknown project, and for a project outside a sightstream person’s scope', async () => {
    const carlos = await t.signIn(CARLOS);
    const unknown = await t.http('GET', '/api/projects/999', { token: carlos });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Project 999 does not exist.');
    const sam = await t.signIn(SAM);
    expect((await t.http('GET', '/api/projects/12', { token: sam })).status).toBe(404);
  });

  it('a person not on its roster gets 404, exactly as for an unknown project (issue 24)', async () => {
    const carlos = await t.signIn(CARLOS); // not on 18 (Alice's and Dana's)
    const offRoster = await t.http('GET', '/api/projects/18', { token: carlos });
    const unknown = await t.http('GET', '/api/projects/999', { token: carlos });
    expect(offRoster.status).toBe(404);
    expect(offRoster.body).toEqual({ ...unknown.body, message: 'Project 18 does not exist.' });
    expect(JSON.stringify(offRoster.body)).not.toMatch(/cycle|currency|owner/i);
    const audrey = await t.signIn(AUDREY);
    expect((await t.http('GET', '/api/projects/18', { token: audrey })).status).toBe(404);
  });

  it('an inactive project stays readable to a person on its roster (the verify page asks for it)', async () => {
    const dana = await t.signIn(DANA);
    const answer = await t.http('GET', '/api/projects/27', { token: dana });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ projectId: 27, isActive: false });
  });

  it('an admin reads any project of their scope; a sightstream admin only owner-2 ones', async () => {
    const alice = await t.signIn(ALICE);
    const other = await t.http('GET', '/api/projects/12', { token: alice });
    expect(other.status).toBe(200);
    expect(other.body.projectId).toBe(12);
    const sofia = await t.signIn(SOFIA);
    expect((await t.http('GET', '/api/projects/12', { token: sofia })).status).toBe(404);
    expect((await t.http('GET', '/api/projects/21', { token: sofia })).status).toBe(200);
  });

  it('404 for an id that cannot exist (not a whole number, or over the integer column)', async () => {
    const token = await t.signIn(CARLOS);
    for (const id of ['abc', '99999999999']) {
      const answer = await t.http('GET', `/api/projects/${id}`, { token });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(`Project ${id} does not exist.`);
    }
  });
});
