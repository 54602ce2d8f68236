// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
/*
 * Over 300 lines on purpose: the review's read side against one seeded portal (with thirty more
 * people for the paging); splitting it would seed and register them once more per file.
 */
import { CommandBus } from '@nestjs/cqrs';
import {
  compareDecimals,
  REVIEW_PEOPLE_PER_PAGE,
  sumDecimals,
  sumMoney,
  timesheetBatchSchema,
  type ReviewFilters,
  type ReviewPage,
} from '@portal/contracts';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { eventLogChecks } from '../../../test/event-log';
import { StaffDirectory } from '../../platform/auth/principal';
import { systemCaller, type Caller } from '../../platform/cqrs';
import { ChangeRosterCommand } from '../roster';
import { ChangeStaffAccessCommand, RegisterStaffMemberCommand } from '../staff';
import { SubmitTimesheet } from '../timesheets';

// Wednesday 2026-11-18. The demo seed: Carlos has time from 2026-09-01 on 12 (Mon-Wed), 45/14
// (Thu) and 61 (Fri, with overtime); Dana on 18 and 45/64; Sam (owner 2) on 21 and 22. Carlos's
// September is approved. Thirty more people (owner 1) are registered below with one entry each.
const NOW = '2026-11-18T15:00:00.000Z';
const ALICE = 1; // admin of owner 1
const CARLOS = 3;
const DANA = 4;
const SAM = 5; // owner 2
const PRIYA = 8; // owner 2 (sightstream); made an admin below
const EXTRA = Array.from({ length: 30 }, (_, i) => 101 + i);
const OCTOBER = 'start=2026-10-01&end=2026-10-31';

describe('the admin review read side over HTTP (GET /api/admin/review)', () => {
  let t: TestApp;
  const tokens: Record<number, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ now: NOW, seedDemo: true });
    const commands = t.app.get(CommandBus);
    const alice = await t.app.get(StaffDirectory).findById(ALICE);
    const as = (key: string, now = NOW): Caller => ({
      principal: alice!,
      context: {
        actor: { id: String(ALICE), name: 'Alice Admin' },
        commandId: key,
        correlationId: 'review-query',
        causationId: null,
        now: new Date(now),
      },
    });
    await commands.execute(
      new ChangeStaffAccessCommand(as('priya-admin'), { staffId: PRIYA, isAdmin: true }),
    );
    for (const staffId of EXTRA) {
      await commands.execute(
        new RegisterStaffMemberCommand(as(`extra-${staffId}`), {
          staffId,
          username: `extra.${staffId}@smartwork.example`,
          firstName: 'Extra',
          lastName: `Person ${staffId}`,
          ownerId: 1,
        } as never),
      );
    }
    await commands.execute(
      new ChangeRosterCommand(
        as('extra-roster'),
        EXTRA.map((employeeId) => ({ employeeId, projectId: 18, isAllowedToBill: true })),
      ),
    );
    await t.projectionsCaughtUp();
    for (const staffId of EXTRA) {
      const batch = timesheetBatchSchema.parse({
        projectId: 18,
        subProjectId: null,
        confirmLate: false,
        items: [{ date: '2026-10-14', hours: '7.5', overtimeHours: null, comment: 'ERP testing' }],
      });
      const caller = systemCaller({
        ...as(`extra-time-${staffId}`).context,
        now: new Date('2026-10-16T17:00:00Z'),
      });
      await commands.execute(new SubmitTimesheet(caller, batch, staffId));
    }
    await t.projectionsCaughtUp();
    for (const id of [ALICE, CARLOS, PRIYA]) tokens[id] = await t.signIn(id);
  });
  afterAll(() => t?.close());

  const { expectRefused } = eventLogChecks(() => t, NOW);
  const get = (who: number, query: string) =>
    t.http('GET', `/api/admin/review?${query}`, { token: tokens[who] });
  const review = async (who: number, query: string): Promise<ReviewPage> => {
    await t.projectionsCaughtUp();
    const answer = await get(who, query);
    expect(answer.status).toBe(200);
    return answer.body as ReviewPage;
  };
  const personOf = (page: ReviewPage, employeeId: number) =>
    page.people.find((p) => p.employeeId === employeeId);

  it('answers 403 to anyone but an admin and 401 to nobody signed in', async () => {
    await expectRefused(get(CARLOS, OCTOBER), 403);
    await expectRefused(t.http('GET', '/api/admin/review/filters', { token: tokens[CARLOS] }), 403);
    expect((await t.http('GET', `/api/admin/review?${OCTOBER}`)).status).toBe(401);
  });

  it('bad parameters answer 400 naming the field and the rule', async () => {
    const problems = async (query: string) => {
      const answer = await get(ALICE, query);
      expect(answer.status).toBe(400);
      return answer.body.problems;
    };
    expect(await problems('end=2026-10-31')).toEqual([{ path: 'start', message: 'Start must have a value' }]);
    expect(await problems('start=2026-10-31&end=2026-10-01')).toEqual([
      { path: 'end', message: 'End must not be before Start' },
    ]);
    expect(await problems('start=2026-01-01&end=2027-01-02')).toEqual([
      { path: 'end', message: 'The date range must be at most 366 days long.' },
    ]);
    expect(await problems(`${OCTOBER}&ownerId=3`)).toEqual([
      { path: 'ownerId', message: 'Owner must be 1 or 2' },
    ]);
    expect(await problems(`${OCTOBER}&projectId=12&subProjectId=14`)).toEqual([
      { path: 'subProjectId', message: 'Sub Project applies only to project 45' },
    ]);
    expect(await problems(`${OCTOBER}&page=0`)).toEqual([
      { path: 'page', message: 'Page must be a whole number from 1 to 10000' },
    ]);
    expect(await problems(`${OCTOBER}&employeeId=abc`)).toEqual([
      { path: 'employeeId', message: 'Employee must be a whole number from 1 to 2147483647' },
    ]);
    expect(await problems(`${OCTOBER}&month=2026-10`)).toEqual([
      { path: 'month', message: 'month is not a field of this request' },
    ]);
  });

  it('pages people REVIEW_PEOPLE_PER_PAGE at a time by name, each page with its people’s rows, totals over the whole filter', async () => {
    const first = await review(ALICE, OCTOBER);
    const second = await review(ALICE, `${OCTOBER}&page=2`);
    expect(first.pageSize).toBe(REVIEW_PEOPLE_PER_PAGE);
    // More than one page and less than two full ones: the first page is full, the second holds the rest.
    expect(first.peopleCount).toBeGreaterThan(REVIEW_PEOPLE_PER_PAGE);
    expect(first.peopleCount).toBeLessThanOrEqual(2 * REVIEW_PEOPLE_PER_PAGE);
    expect(first.pageCount).toBe(2);
    expect(first.people).toHaveLength(REVIEW_PEOPLE_PER_PAGE);
    expect(second.people).toHaveLength(first.peopleCount - REVIEW_PEOPLE_PER_PAGE);
    const everyone = [...first.people, ...second.people];
    expect(new Set(everyone.map((p) => p.employeeId)).size).toBe(first.peopleCount);
    const names = everyone.map((p) => p.employeeName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    for (const id of [...EXTRA, CARLOS, DANA, SAM])
      expect(everyone.some((p) => p.employeeId === id)).toBe(true);

    for (const page of [first, second]) {
      const shown = new Set(page.people.map((p) => p.employeeId));
      expect(
        page.time.every((r) => shown.has(r.employeeId) && r.date >= '2026-10-01' && r.date <= '2026-10-31'),
      ).toBe(true);
      expect(page.expenses.every((r) => shown.has(r.employeeId))).toBe(true);
      // Each person's totals are what their rows on the page add up to.
      for (const person of page.people) {
        const time = page.time.filter((r) => r.employeeId === person.employeeId);
        const claimed = page.expenses.filter((r) => r.employeeId === person.employeeId);
        expect(person.hours).toBe(sumDecimals(time.map((r) => r.hours)));
        expect(person.timesheetValue).toBe(sumMoney(time.map((r) => r.value)));
        expect(person.expensesClaimed).toBe(sumMoney(claimed.map((r) => r.claimed)));
        expect(person.total).toBe(sumMoney([person.timesheetValue, person.expensesClaimed]));
      }
      // The overall totals are everyone's, on every page.
      expect(page.totals.hours).toBe(sumDecimals(everyone.map((p) => p.hours)));
      expect(page.totals.total).toBe(sumMoney(everyone.map((p) => p.total)));
    }
    expect(personOf(second, EXTRA[0]) ?? personOf(first, EXTRA[0])).toMatchObject({
      hours: '7.5',
      timesheetValue: '1500.00',
      ownerId: 1,
      projects: [{ projectId: 18, name: 'ERP Rollout' }],
    });

    // Carlos's totals are those of his own lists for October.
    const carlosToken = tokens[CARLOS];
    const own = (await t.http('GET', '/api/expenses?start=2026-10-01&end=2026-10-31', { token: carlosToken }))
      .body;
    const carlos = personOf(first, CARLOS)!;
    expect(carlos.timesheetValue).toBe(own.contractorTotal.timesheetValue);
    expect(carlos.expensesClaimed).toBe(own.contractorTotal.expensesClaimed);

    const past = await review(ALICE, `${OCTOBER}&page=3`);
    expect(past).toMatchObject({ people: [], time: [], expenses: [], page: 3, pageCount: 2 });
    expect(past.totals).toEqual(first.totals);
  });

  it('orders people by their totals when asked, over every page', async () => {
    const first = await review(ALICE, `${OCTOBER}&sort=total&direction=desc`);
    const second = await review(ALICE, `${OCTOBER}&sort=total&direction=desc&page=2`);
    const totals = [...first.people, ...second.people].map((p) => p.total);
    expect(totals).toHaveLength(first.peopleCount);
    for (let i = 1; i < totals.length; i++)
      expect(compareDecimals(totals[i - 1], totals[i])).toBeGreaterThanOrEqual(0);
    // The thirty with one entry each come last, after the demo's people.
    expect(second.people.every((p) => EXTRA.includes(p.employeeId))).toBe(true);
    expect(first.people.slice(0, 3).map((p) => p.employeeId)).toEqual(
      expect.arrayContaining([CARLOS, DANA, SAM]),
    );
  });

  it('shows where each row stands, a returned row with its reason', async () => {
    const returned = await t.http('POST', '/api/admin/review/return', {
      token: tokens[ALICE],
      body: {
        employeeId: CARLOS,
        projectId: 12,
        start: '2026-10-01',
        end: '2026-10-31',
        reason: 'October 7 is doubled',
      },
    });
    expect(returned.status).toBe(200);
    const approved = await t.http('POST', '/api/admin/review/approve', {
      token: tokens[ALICE],
      body: { employeeId: CARLOS, projectId: 61, start: '2026-10-01', end: '2026-10-31' },
    });
    expect(approved.status).toBe(200);
    const page = await review(ALICE, `${OCTOBER}&employeeId=${CARLOS}`);
    expect(page.people.map((p) => p.employeeId)).toEqual([CARLOS]);
    const statesOf = (projectId: number) =>
      new Set(page.time.filter((r) => r.projectId === projectId).map((r) => r.state));
    expect(statesOf(12)).toEqual(new Set(['returned']));
    expect(
      page.time.filter((r) => r.projectId === 12).every((r) => r.returnReason === 'October 7 is doubled'),
    ).toBe(true);
    expect(statesOf(61)).toEqual(new Set(['approved']));
    expect(statesOf(45)).toEqual(new Set(['entered']));
    expect(page.people[0].counts.returned).toBeGreaterThan(0);
    const september = await review(
      ALICE,
      `start=2026-09-01&end=2026-09-30&employeeId=${CARLOS}&projectId=12`,
    );
    expect(new Set(september.time.map((r) => r.state))).toEqual(new Set(['approved']));
    expect(september.people[0].projects).toEqual([{ projectId: 12, name: 'Pipeline Integrity Review' }]);
  });

  it('approving chosen expenses shows in the very next answer (read-your-writes, no waiting)', async () => {
    const query = `${OCTOBER}&employeeId=${CARLOS}`;
    const before = await review(ALICE, query);
    const [mileage, parking] = ['Mileage', 'Parking'].map((c) =>
      before.expenses.find((e) => e.categoryName === c)!,
    );
    const approved = await t.http('POST', '/api/admin/review/approve-expenses', {
      token: tokens[ALICE],
      body: { employeeId: CARLOS, expenseIds: [mileage.id] },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.approvedExpenses).toBe(1);
    const after = (await get(ALICE, query)).body as ReviewPage;
    expect(after.expenses.find((e) => e.id === mileage.id)!.state).toBe('approved');
    expect(after.expenses.find((e) => e.id === parking.id)!.state).toBe(parking.state);
  });

  it('an admin edit shows in the next answer: a kept page lasts only while the read models stand still', async () => {
    const query = `start=2026-11-01&end=2026-11-30&employeeId=${CARLOS}&projectId=12`;
    const before = await review(ALICE, query);
    expect((await review(ALICE, query)).totals).toEqual(before.totals);
    const row = before.time[0];
    const edited = await t.http('PUT', `/api/admin/timesheets/${row.id}`, {
      token: tokens[ALICE],
      body: {
        employeeId: CARLOS,
        projectId: 12,
        subProjectId: null,
        date: row.date,
        hours: '3',
        overtimeHours: null,
        comment: 'Shortened by the admin',
        version: row.version,
      },
    });
    expect(edited.status).toBe(200);
    const after = await review(ALICE, query);
    expect(after.time.find((r) => r.id === row.id)).toMatchObject({
      hours: '3',
      comment: 'Shortened by the admin',
    });
    expect(after.totals.hours).toBe(sumDecimals([before.totals.hours, '-' + row.hours, '3']));
  });

  it('narrows to a sub-project of 45 and shows overtime by the rule (owner 2, projects 61 and 64)', async () => {
    const umbrella = await review(ALICE, `${OCTOBER}&projectId=45&subProjectId=14`);
    expect(umbrella.time.length).toBeGreaterThan(0);
    expect(umbrella.time.every((r) => r.projectId === 45 && r.subProjectId === 14 && r.ownerId === 1)).toBe(
      true,
    );
    expect(umbrella.showOvertime).toBe(false);
    expect((await review(ALICE, `${OCTOBER}&projectId=12`)).showOvertime).toBe(false);
    expect((await review(ALICE, `${OCTOBER}&projectId=61`)).showOvertime).toBe(true);
    expect((await review(ALICE, `${OCTOBER}&projectId=45&subProjectId=64`)).showOvertime).toBe(true);
    expect((await review(ALICE, `${OCTOBER}&ownerId=2`)).showOvertime).toBe(true);
    const ownerOne = await review(ALICE, `${OCTOBER}&ownerId=1`);
    expect(ownerOne.people.every((p) => p.ownerId === 1)).toBe(true);
    expect(ownerOne.showOvertime).toBe(true); // Carlos's time on 61
  });

  it('a sightstream admin sees owner-2 people and projects only; naming owner 1 or its people is 403', async () => {
    const theirs = await review(PRIYA, OCTOBER);
    expect(theirs.people.length).toBeGreaterThan(0);
    expect(theirs.people.every((p) => p.ownerId === 2)).toBe(true);
    expect(personOf(theirs, SAM)).toBeDefined();
    expect(theirs.time.every((r) => r.ownerId === 2 && [21, 22].includes(r.projectId))).toBe(true);
    expect(theirs.showOvertime).toBe(true);
    expect(theirs.totals.hours).toBe(sumDecimals(theirs.people.map((p) => p.hours)));

    await expectRefused(get(PRIYA, `${OCTOBER}&ownerId=1`), 403);
    await expectRefused(get(PRIYA, `${OCTOBER}&employeeId=${CARLOS}`), 403);
    await expectRefused(get(PRIYA, `${OCTOBER}&projectId=12`), 403);
    await expectRefused(get(PRIYA, `${OCTOBER}&employeeId=999`), 403);
    expect((await get(PRIYA, `${OCTOBER}&ownerId=2&employeeId=${SAM}`)).status).toBe(200);

    const filters = (await t.http('GET', '/api/admin/review/filters', { token: tokens[PRIYA] }))
      .body as ReviewFilters;
    expect(filters.owners.map((o) => o.ownerId)).toEqual([2]);
    expect(filters.employees.every((p) => p.ownerId === 2)).toBe(true);
    expect(filters.projects.map((p) => p.projectId).sort()).toEqual([21, 22]);
    expect(filters.subProjects).toEqual([]);
  });

  it('offers a firm admin both owners, every person and project, and the sub-projects of 45', async () => {
    const answer = await t.http('GET', '/api/admin/review/filters', { token: tokens[ALICE] });
    expect(answer.status).toBe(200);
    const filters = answer.body as ReviewFilters;
    expect(filters.owners).toEqual([
      { ownerId: 1, name: 'Smartwork Consulting' },
      { ownerId: 2, name: 'Sightstream' },
    ]);
    expect(filters.employees.some((p) => p.staffId === SAM)).toBe(true);
    expect(filters.employees.some((p) => p.staffId === CARLOS)).toBe(true);
    expect(filters.projects.find((p) => p.projectId === 12)).toMatchObject({
      name: 'Pipeline Integrity Review',
      billingCycle: 'Fixed Offset (26 to 25)',
    });
    expect(filters.subProjects.some((p) => p.projectId === 45)).toBe(false);
    expect(filters.subProjects.some((p) => p.projectId === 64)).toBe(true);
  });
});
