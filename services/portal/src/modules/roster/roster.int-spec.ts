import { businessDateIn, MAX_ROSTER_CHANGES, rosterMessages, type RosterMatrix } from '@portal/contracts';
import { testTimeZone } from '../../../test/dates';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { startTestApp, testNow, type TestApp } from '../../../test/app-harness';
import { eventLogChecks } from '../../../test/event-log';
import { EventStore } from '../../platform/event-store/event-store.port';
import { JSON_BODY_LIMIT_BYTES } from '../../platform/http/configure-app';
import type { RecordedEvent } from '../../platform/event-store/event-store.port';
import { ROSTER_STREAM_ID } from './domain/roster';
import { readModelSchema } from '../../platform/projection/projection';
import { rosterProjection } from './projections/roster.projection';

/* The roster screen's calls over the seeded demo data, through the whole app (projector included). */

// People of the demo seed (seed/demo-data.ts).
const ALICE = 1; // admin, roster editor, owner 1
const BRUNO = 2; // admin, not a roster editor
const CARLOS = 3; // contractor, owner 1
const DANA = 4;
const SAM = 5; // owner 2
const PRIYA = 8; // roster editor, owner 2 (sightstream)
const SOFIA = 9; // admin, owner 2 (sightstream), not a roster editor

const NOW = testNow();
const TODAY = businessDateIn(new Date(NOW), testTimeZone());

let t: TestApp;
const tokens: Record<number, string> = {};

beforeAll(async () => {
  t = await startTestApp({ now: NOW, seedDemo: true });
  for (const id of [ALICE, BRUNO, CARLOS, PRIYA, SOFIA]) tokens[id] = await t.signIn(id);
});
afterAll(() => t?.close());

const { eventCount, expectRefused } = eventLogChecks(() => t, NOW);

const matrix = (who: number, query = '') =>
  t.http<RosterMatrix>('GET', `/api/roster${query}`, { token: tokens[who] });
const save = (who: number, changes: unknown) =>
  t.http('POST', '/api/roster', { token: tokens[who], body: { changes } });
const cell = (employeeId: number, projectId: number, isAllowedToBill = true) => ({
  employeeId,
  projectId,
  isAllowedToBill,
});

/** The matrix as `name: [project names]`, which is what a person reads off the screen. */
function ticks(body: RosterMatrix): Record<string, string[]> {
  return Object.fromEntries(
    body.people.map((person, i) => [person.name, body.allowed[i].map((j) => body.projects[j].name)]),
  );
}

const billable = async (who: number) => {
  const answer = await t.http('GET', '/api/projects/billable', { token: tokens[who] });
  return (answer.body as { projectId: number }[]).map((p) => p.projectId).sort((a, b) => a - b);
};

async function lastRosterEvent() {
  const events = await t.app.get(EventStore).readStream(ROSTER_STREAM_ID);
  return events[events.length - 1];
}

describe('GET /api/roster', () => {
  it('an admin editor reads active people by active projects, with who may bill what as index lists', async () => {
    const answer = await matrix(ALICE);
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.people.map((p) => p.name)).toEqual([
      'Alice Admin',
      'Audrey Auditor',
      'Bruno Billing',
      'Carlos Contractor',
      'Dana Developer',
      'Priya Producer',
      'Rita Receipts',
      'Sam Sightstream',
      'Sofia Supervisor',
    ]);
    // Eleven active projects by name; inactive 27 is not a column.
    expect(body.projects).toHaveLength(11);
    expect(body.projects.map((p) => p.projectId)).not.toContain(27);
    expect(ticks(body)['Carlos Contractor']).toEqual([
      'Field Operations (Overtime)',
      'Fort McMurray Relocation',
      'Pipeline Integrity Review',
      'Transit Signalling Upgrade',
      'Umbrella Services',
    ]);
    expect(ticks(body)['Bruno Billing']).toEqual([]);
    expect(body.owners).toEqual([
      { ownerId: 1, name: 'Smartwork Consulting' },
      { ownerId: 2, name: 'Sightstream' },
    ]);
    expect(body).toMatchObject({ canEdit: true, ownerFilter: true });
  });

  it('filters on the server: projects, employees and owner', async () => {
    const some = await matrix(ALICE, `?projectIds=12,45&employeeIds=${CARLOS},${DANA}`);
    expect(some.status).toBe(200);
    expect(some.body.people.map((p) => p.staffId)).toEqual([CARLOS, DANA]);
    expect(some.body.projects.map((p) => p.name)).toEqual(['Pipeline Integrity Review', 'Umbrella Services']);
    expect(some.body.allowed).toEqual([
      [0, 1],
      [0, 1],
    ]);

    const owner2 = await matrix(ALICE, '?ownerId=2');
    expect(ticks(owner2.body)).toEqual({
      'Priya Producer': ['Archive Migration', 'Broadcast Platform'],
      'Sam Sightstream': ['Archive Migration', 'Broadcast Platform'],
      'Sofia Supervisor': [],
    });
  });

  it('a filter that is not a list of ids is a 400 naming the field', async () => {
    const answer = await t.http('GET', '/api/roster?projectIds=12,abc', { token: tokens[ALICE] });
    expect(answer.status).toBe(400);
    expect(answer.body.problems).toEqual([
      { path: 'projectIds', message: 'Projects must be a comma-separated list of ids' },
    ]);
  });

  it('an admin without Can edit roster reads it, marked read-only', async () => {
    const answer = await matrix(BRUNO);
    expect(answer.status).toBe(200);
    expect(answer.body.canEdit).toBe(false);
  });

  it('a regular employee gets 403 on every roster call, and nothing changes', async () => {
    for (const path of ['/api/roster', '/api/roster/choices', '/api/roster/export'])
      expect((await t.http('GET', path, { token: tokens[CARLOS] })).status).toBe(403);
    await expectRefused(save(CARLOS, [cell(CARLOS, 18)]), 403);
  });

  it('a caller without roster access gets 403, not 400, for input that is not valid', async () => {
    expect((await t.http('GET', '/api/roster?projectIds=abc', { token: tokens[CARLOS] })).status).toBe(403);
    expect((await t.http('GET', '/api/roster/export?projectIds=abc', { token: tokens[CARLOS] })).status).toBe(
      403,
    );
    await expectRefused(save(CARLOS, 'x'), 403);
    // An admin reads the roster but may not save it: an invalid save is still a 403.
    await expectRefused(save(BRUNO, 'x'), 403);
    await expectRefused(save(BRUNO, [{ employeeId: 'x' }]), 403);
  });
});

describe('POST /api/roster', () => {
  it('a person without Can edit roster (even an admin) gets 403; nothing is recorded', async () => {
    await expectRefused(save(BRUNO, [cell(CARLOS, 18)]), 403);
  });

  it('bad input is a 400 naming the field and changes nothing', async () => {
    const refused = await expectRefused(
      save(ALICE, [{ employeeId: CARLOS, projectId: 'x', isAllowedToBill: 1 }]),
      400,
    );
    expect(refused.body.problems.map((p: { path: string }) => p.path)).toEqual([
      'changes.0.projectId',
      'changes.0.isAllowedToBill',
    ]);
    await expectRefused(save(ALICE, []), 400, [
      { path: 'changes', message: 'Please select at least one change.' },
    ]);
  });

  it('records RosterChanged with the editor as actor and before → after per cell; pickers change at once', async () => {
    expect(await billable(CARLOS)).toEqual([12, 14, 33, 45, 61]);
    const saved = await save(ALICE, [cell(CARLOS, 18), cell(CARLOS, 14, false)]);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ changed: 2 });

    const event = await lastRosterEvent();
    expect(event.type).toBe('RosterChanged');
    expect(event.metadata.actor).toEqual({ id: String(ALICE), name: 'Alice Admin' });
    expect(event.data).toEqual({
      changes: [
        { ...cell(CARLOS, 18), before: { isAllowedToBill: false }, after: { isAllowedToBill: true } },
        { ...cell(CARLOS, 14, false), before: { isAllowedToBill: true }, after: { isAllowedToBill: false } },
      ],
    });

    // Read-your-writes: the answer came once the read models showed the save, so no waiting here.
    expect(await billable(CARLOS)).toEqual([12, 18, 33, 45, 61]);
    const after = await matrix(ALICE, `?employeeIds=${CARLOS}&projectIds=14,18`);
    expect(ticks(after.body)).toEqual({ 'Carlos Contractor': ['ERP Rollout'] });

    // The ledger refuses time on the project no longer allowed, and takes it on the new one.
    const entry = (projectId: number) => ({
      projectId,
      subProjectId: null,
      confirmLate: true,
      items: [{ date: TODAY, hours: '4', overtimeHours: null, comment: 'Roster check' }],
    });
    await expectRefused(t.http('POST', '/api/timesheets', { token: tokens[CARLOS], body: entry(14) }), 400, [
      { path: 'projectId', message: 'You are not on the roster of this project.' },
    ]);
    const taken = await t.http('POST', '/api/timesheets', { token: tokens[CARLOS], body: entry(18) });
    expect(taken.status).toBe(201);
    // Expenses follow the same roster.
    const claim = (projectId: number) => ({
      categoryId: 10,
      projectId,
      currency: 'CAD',
      amount: '18.20',
      date: TODAY,
      comment: 'Taxi to the site',
      isBillable: true,
    });
    await expectRefused(t.http('POST', '/api/expenses', { token: tokens[CARLOS], body: claim(14) }), 400, [
      { path: 'projectId', message: 'You are not on the roster of this project.' },
    ]);
    expect((await t.http('POST', '/api/expenses', { token: tokens[CARLOS], body: claim(18) })).status).toBe(
      201,
    );
  });

  it('one change over the most a save may hold is a 400 naming the limit (the body still fits the JSON limit)', async () => {
    const changes = Array.from({ length: MAX_ROSTER_CHANGES + 1 }, (_, i) =>
      cell(1 + (i % 9), 1 + Math.floor(i / 9)),
    );
    expect(Buffer.byteLength(JSON.stringify({ changes }))).toBeLessThanOrEqual(JSON_BODY_LIMIT_BYTES);
    await expectRefused(save(ALICE, changes), 400, [
      { path: 'changes', message: rosterMessages.tooManyChanges(MAX_ROSTER_CHANGES) },
    ]);
  });

  it('the most a save may hold fits the JSON limit even with six-digit ids, so the count is what a person meets', () => {
    const changes = Array.from({ length: MAX_ROSTER_CHANGES }, (_, i) =>
      cell(999_999 - i, 999_999 - i, false),
    );
    expect(Buffer.byteLength(JSON.stringify({ changes }))).toBeLessThanOrEqual(JSON_BODY_LIMIT_BYTES);
  });

  it('the roster projection writes a RosterChanged of 17,000 cells (over 65,535 parameters in one statement)', async () => {
    const changes = Array.from({ length: 17_000 }, (_, i) => ({
      ...cell(900_000 + (i % 1_000), 900_000 + Math.floor(i / 1_000)),
      before: { isAllowedToBill: false },
      after: { isAllowedToBill: true },
    }));
    const event = {
      type: 'RosterChanged',
      data: { changes },
      metadata: { occurredAt: new Date(NOW).toISOString() },
    } as unknown as RecordedEvent;
    await t.db.db.transaction().execute(async (trx) => {
      await rosterProjection.apply(event, trx.withSchema(readModelSchema(rosterProjection.name)));
      const { rows } = await sql<{ n: string }>`
        select count(*)::text as n from rm_roster.roster_entries where employee_id >= 900000`.execute(trx);
      expect(rows[0].n).toBe('17000');
      await sql`delete from rm_roster.roster_entries where employee_id >= 900000`.execute(trx);
    });
  });

  it('saving what the roster already holds records nothing', async () => {
    const before = await eventCount();
    const saved = await save(ALICE, [cell(CARLOS, 18)]);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ changed: 0, position: null });
    expect(await eventCount()).toBe(before);
  });
});

describe('sightstream scope', () => {
  it('a sightstream admin reads only owner-2 people and projects, without the owner filter', async () => {
    const answer = await matrix(SOFIA);
    expect(answer.status).toBe(200);
    expect(answer.body.people.every((p) => p.ownerId === 2)).toBe(true);
    expect(answer.body.people.map((p) => p.name)).toEqual([
      'Priya Producer',
      'Sam Sightstream',
      'Sofia Supervisor',
    ]);
    expect(answer.body.projects.map((p) => p.projectId).sort()).toEqual([21, 22]);
    expect(answer.body.owners).toEqual([{ ownerId: 2, name: 'Sightstream' }]);
    expect(answer.body).toMatchObject({ canEdit: false, ownerFilter: false });
    // Asking for owner 1's people or projects finds nothing.
    const owner1 = await matrix(SOFIA, `?ownerId=1&employeeIds=${CARLOS}&projectIds=12`);
    expect(owner1.body).toMatchObject({ people: [], projects: [], allowed: [] });
    await expectRefused(save(SOFIA, [cell(SAM, 22, false)]), 403);
  });

  it('a sightstream editor changes owner-2 cells only (403 for owner-1 people or projects)', async () => {
    const refused = await expectRefused(save(PRIYA, [cell(CARLOS, 21)]), 403);
    expect(refused.body.message).toBe('You are not allowed to edit the roster.');
    await expectRefused(save(PRIYA, [cell(SAM, 12)]), 403);
    const saved = await save(PRIYA, [cell(SAM, 22, false)]);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ changed: 1 });
    expect((await lastRosterEvent()).metadata.actor).toEqual({ id: String(PRIYA), name: 'Priya Producer' });
  });
});

describe('GET /api/roster/export', () => {
  it('answers employee-roster.xlsx: Sheet 1, Employee Name, Company, one column per project, Yes where allowed', async () => {
    const response = await fetch(
      `${t.baseUrl}/api/roster/export?employeeIds=${CARLOS},${DANA},${SAM}&projectIds=12,21,45`,
      {
        headers: { authorization: `Bearer ${tokens[ALICE]}` },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('employee-roster.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Sheet 1']);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow({ includeEmpty: true }, (row) => {
      rows.push([1, 2, 3, 4, 5].map((c) => row.getCell(c).value ?? null));
    });
    expect(rows).toEqual([
      ['Employee Name', 'Company', 'Broadcast Platform', 'Pipeline Integrity Review', 'Umbrella Services'],
      ['Carlos Contractor', 'Smartwork Consulting', null, 'Yes', 'Yes'],
      ['Dana Developer', 'Smartwork Consulting', null, 'Yes', 'Yes'],
      ['Sam Sightstream', 'Sightstream', 'Yes', null, null],
    ]);
  });
});
