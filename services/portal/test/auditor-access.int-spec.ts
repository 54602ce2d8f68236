// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer, Reflector } from '@nestjs/core';
import type { ReviewPage, RosterMatrix, StaffAdminRow } from '@portal/contracts';
import { AUDITORS_MAY_CALL, IS_PUBLIC } from '../src/platform/auth/decorators';
import { startTestApp, type TestApp } from './app-harness';
import { eventCount, eventsOf } from './event-log';

// Wednesday 2026-11-18. The demo seed: Carlos (owner 1) and Sam (owner 2) have time from
// September on; Rita (owner 1) and Sam are made auditors below, by an admin on the staff review.
const NOW = '2026-11-18T15:00:00.000Z';
const ALICE = 1; // admin, owner 1
const CARLOS = 3; // owner 1
const SAM = 5; // owner 2: a sightstream auditor below
const RITA = 6; // owner 1: an auditor below
const AUDREY = 10; // owner 1: the demo seed's auditor
const SOFIA = 9; // sightstream admin, owner 2
const OCTOBER = 'start=2026-10-01&end=2026-10-31';

interface Route {
  readonly method: string;
  readonly path: string;
}

/** Every non-GET route the Nest app registered that needs a sign-in, read from its controllers. */
function writeRoutes(t: TestApp): Route[] {
  const reflector = new Reflector();
  const routes: Route[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        if (method === RequestMethod.GET || method === RequestMethod.HEAD) continue;
        const targets = [handler, controller];
        if (reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) continue;
        if (reflector.getAllAndOverride<boolean>(AUDITORS_MAY_CALL, targets)) continue;
        const full = `/api/${[base, path]
          .map((p) => p.replace(/^\/+|\/+$/g, ''))
          .filter(Boolean)
          .join('/')}`;
        routes.push({ method: RequestMethod[method], path: full.replace(/:[A-Za-z]+/g, '1') });
      }
    }
  }
  return routes;
}

describe('auditors: read every review screen, write nothing (issue 11)', () => {
  let t: TestApp;
  const tokens: Record<number, string> = {};
  const as = (who: number) => ({ token: tokens[who] });
  const get = async <T>(who: number, path: string): Promise<T> => {
    const answer = await t.http('GET', path, as(who));
    expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    return answer.body as T;
  };

  beforeAll(async () => {
    t = await startTestApp({ now: NOW, seedDemo: true });
    for (const id of [ALICE, CARLOS, SAM, RITA, SOFIA]) tokens[id] = await t.signIn(id);
  });
  afterAll(() => t?.close());

  it('an admin sets and clears the flag on the staff review; each change records before → after', async () => {
    const set = await t.http('PUT', `/api/admin/staff/${RITA}`, { ...as(ALICE), body: { isAuditor: true } });
    expect(set.status).toBe(200);
    const clear = await t.http('PUT', `/api/admin/staff/${RITA}`, {
      ...as(ALICE),
      body: { isAuditor: false },
    });
    expect(clear.status).toBe(200);
    const changes = await eventsOf(t.db.db, `staff-${RITA}`, 'StaffAccessChanged');
    expect(changes.map((e) => e.data)).toEqual([
      { staffId: RITA, isAuditor: true, before: { isAuditor: false } },
      { staffId: RITA, isAuditor: false, before: { isAuditor: true } },
    ]);
    expect(changes[0].metadata.actor).toEqual({ id: String(ALICE), name: 'Alice Admin' });

    // Set again for the tests below; a sightstream admin makes Sam (owner 2) an auditor.
    expect(
      (await t.http('PUT', `/api/admin/staff/${RITA}`, { ...as(ALICE), body: { isAuditor: true } })).status,
    ).toBe(200);
    expect(
      (await t.http('PUT', `/api/admin/staff/${SAM}`, { ...as(SOFIA), body: { isAuditor: true } })).status,
    ).toBe(200);
    await t.projectionsCaughtUp();

    const rita = await get<{ isAuditor: boolean; isAdmin: boolean }>(RITA, '/api/me');
    expect(rita).toMatchObject({ isAuditor: true, isAdmin: false });
    expect((await get<{ isAuditor: boolean }>(CARLOS, '/api/me')).isAuditor).toBe(false);
    const staff = await get<StaffAdminRow[]>(ALICE, '/api/admin/staff');
    const auditors = staff.filter((p) => p.isAuditor).map((p) => p.staffId);
    expect(auditors.sort((a, b) => a - b)).toEqual([SAM, RITA, AUDREY]);
    expect((await get<{ isAuditor: boolean }>(ALICE, `/api/admin/staff/${SAM}`)).isAuditor).toBe(true);
  });

  it('an auditor reads the review, roster, planned hours and team leave across owners', async () => {
    const review = await get<ReviewPage>(RITA, `/api/admin/review?${OCTOBER}`);
    const reviewed = review.people.map((p) => p.employeeId);
    expect(reviewed).toEqual(expect.arrayContaining([CARLOS, SAM]));
    expect(new Set(review.people.map((p) => p.ownerId))).toEqual(new Set([1, 2]));
    const filters = await get<{ owners: { ownerId: number }[] }>(RITA, '/api/admin/review/filters');
    expect(filters.owners.map((o) => o.ownerId).sort()).toEqual([1, 2]);

    const roster = await get<RosterMatrix>(RITA, '/api/roster');
    expect(new Set(roster.people.map((p) => p.ownerId))).toEqual(new Set([1, 2]));
    expect(roster.canEdit).toBe(false);

    const projects = await get<{ projectId: number }[]>(RITA, '/api/admin/planned-hours/projects');
    expect(projects.map((p) => p.projectId)).toEqual(expect.arrayContaining([12, 14, 21, 22]));
    const grid = await get<{ people: { employeeId: number }[] }>(
      RITA,
      '/api/admin/planned-hours?projectId=21&from=2026-10&to=2026-12',
    );
    expect(grid.people.map((p) => p.employeeId)).toContain(SAM);

    await get(RITA, `/api/admin/leave?${OCTOBER}`);
    await get(RITA, '/api/admin/exchange-rates');
    // Not every admin read: the staff records (personal data) stay admins-only.
    expect((await t.http('GET', '/api/admin/staff', as(RITA))).status).toBe(403);
    // Someone who is neither admin nor auditor is still refused.
    expect((await t.http('GET', `/api/admin/review?${OCTOBER}`, as(CARLOS))).status).toBe(403);
  });

  it('a sightstream auditor reads owner 2 only', async () => {
    const review = await get<ReviewPage>(SAM, `/api/admin/review?${OCTOBER}`);
    expect(review.people.length).toBeGreaterThan(0);
    expect(new Set(review.people.map((p) => p.ownerId))).toEqual(new Set([2]));
    const filters = await get<{ owners: { ownerId: number }[] }>(SAM, '/api/admin/review/filters');
    expect(filters.owners.map((o) => o.ownerId)).toEqual([2]);
    const roster = await get<RosterMatrix>(SAM, '/api/roster');
    expect(new Set(roster.people.map((p) => p.ownerId))).toEqual(new Set([2]));
    const projects = await get<{ projectId: number }[]>(SAM, '/api/admin/planned-hours/projects');
    expect(projects.map((p) => p.projectId).sort()).toEqual([21, 22]);
    const outside = await t.http(
      'GET',
      '/api/admin/planned-hours?projectId=12&from=2026-10&to=2026-12',
      as(SAM),
    );
    expect(outside.status).toBe(404);
  });

  it('every non-GET route the app registers answers an auditor 403 and appends nothing', async () => {
    const routes = writeRoutes(t);
    // The enumeration found the routes a reviewer would name (not an empty list that passes).
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/api/timesheets' },
        { method: 'POST', path: '/api/admin/review/approve' },
        { method: 'PUT', path: '/api/admin/planned-hours' },
        { method: 'POST', path: '/api/roster' },
        { method: 'PUT', path: '/api/admin/staff/1' },
      ]),
    );
    const before = await eventCount(t.db.db);
    const answers: { route: string; status: number }[] = [];
    for (const who of [RITA, SAM]) {
      for (const { method, path } of routes) {
        const answer = await t.http(method, path, { ...as(who), body: {} });
        answers.push({ route: `${who} ${method} ${path}`, status: answer.status });
      }
    }
    expect(answers.filter((a) => a.status !== 403)).toEqual([]);
    expect(await eventCount(t.db.db)).toBe(before);
  });

  it('an auditor may still sign out', async () => {
    const token = await t.signIn(RITA);
    expect((await t.http('POST', '/api/auth/logout', { token })).status).toBe(204);
    expect((await t.http('GET', '/api/me', { token })).status).toBe(401);
  });
});
