// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
/*
 * Over 300 lines on purpose: the admin review loop's HTTP journeys (approve, return, admin edits,
 * scope and refusals) against one seeded portal; splitting would seed it once more per file.
 */
import { CommandBus } from '@nestjs/cqrs';
import { MAX_RETURN_REASON_LENGTH, reviewMessages } from '@portal/contracts';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { eventLogChecks } from '../../../test/event-log';
import { eventually } from '../../../test/waiting';
import { StaffDirectory } from '../../platform/auth/principal';
import type { Caller } from '../../platform/cqrs';
import { listOutbox } from '../../platform/mail/outbox-mailer';
import { ChangeStaffAccessCommand } from '../staff';
import { adminExpenseEdit, adminTimeEdit, reviewHttp, type ListedRow } from '../../../test/review-http';

// Wednesday 2026-11-18. The demo seed: Carlos has time from 2026-09-01 to yesterday on 12 (Mon-Wed),
// 45/14 (Thu) and 61 (Fri); expenses: parking on 14 (2026-10-09), mileage on 12 (2026-10-16),
// a hotel on 33 (2026-11-01..03). Sam (owner 2) has a taxi on 21 (2026-11-04).
const NOW = '2026-11-18T15:00:00.000Z';
const ALICE = 1; // admin of owner 1
const CARLOS = 3;
const SAM = 5; // owner 2
const PRIYA = 8; // owner 2 (sightstream); made an admin below
const PIPELINE = 'Pipeline Integrity Review'; // project 12

describe('the admin review loop over HTTP: approve, return, admin edits', () => {
  let t: TestApp;
  const tokens: Record<number, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ now: NOW, seedDemo: true });
    const alice = await t.app.get(StaffDirectory).findById(ALICE);
    const caller: Caller = {
      principal: alice!,
      context: {
        actor: { id: String(ALICE), name: 'Alice Admin' },
        commandId: 'review-make-priya-admin',
        correlationId: 'review',
        causationId: null,
        now: t.clock.now(),
      },
    };
    // The demo has no sightstream admin: Alice makes Priya one, as the staff screen would.
    await t.app
      .get(CommandBus)
      .execute(new ChangeStaffAccessCommand(caller, { staffId: PRIYA, isAdmin: true }));
    await t.projectionsCaughtUp();
    for (const id of [ALICE, CARLOS, SAM, PRIYA]) tokens[id] = await t.signIn(id);
  });
  afterAll(() => t?.close());

  const { eventCount, expectRefused } = eventLogChecks(() => t, NOW);
  const { post, put, timesheets, expenses } = reviewHttp(() => t, tokens);
  const lastEvent = async () =>
    (
      await sql<{ type: string; data: Record<string, unknown>; actor: string }>`
        select type, data, metadata->'actor'->>'id' as actor from events order by position desc limit 1`.execute(
        t.db.db,
      )
    ).rows[0];
  const mailTo = (address: string, subject: string) =>
    eventually(async () =>
      (await listOutbox(t.db.db, { everyOwner: true })).find(
        (m) => m.to.includes(address) && m.subject === subject,
      ),
    );
  const personEdit = (row: ListedRow, hours: string) => ({
    projectId: row.projectId,
    subProjectId: null,
    date: row.date,
    hours,
    overtimeHours: null,
    comment: row.comment,
    version: row.version,
    confirmLate: true,
  });
  const octoberOf12 = { employeeId: CARLOS, projectId: 12, start: '2026-10-01', end: '2026-10-31' };

  it('a person who is not an admin gets 403 on every admin route, and nothing is appended', async () => {
    const [row] = await timesheets(CARLOS, '2026-11-02', '2026-11-02', 12);
    const [expense] = await expenses(CARLOS, '2026-11-01', '2026-11-01');
    await expectRefused(post(CARLOS, 'approve', octoberOf12), 403);
    await expectRefused(
      post(CARLOS, 'approve-expenses', { employeeId: CARLOS, expenseIds: [expense.id] }),
      403,
    );
    await expectRefused(post(CARLOS, 'return', { ...octoberOf12, reason: 'Mine' }), 403);
    await expectRefused(put(CARLOS, `timesheets/${row.id}`, adminTimeEdit(CARLOS, row, { hours: '1' })), 403);
    await expectRefused(put(CARLOS, `expenses/${expense.id}`, { employeeId: CARLOS }), 403);
  });

  it('bad input answers 400 naming the field and the rule, and appends nothing', async () => {
    await expectRefused(
      post(ALICE, 'approve', { employeeId: CARLOS, start: '2026-10-01', end: '2026-10-31' }),
      400,
      [{ path: 'projectId', message: 'Project is required.' }],
    );
    await expectRefused(post(ALICE, 'approve', { ...octoberOf12, end: '2026-09-30' }), 400, [
      { path: 'end', message: 'End must not be before Start' },
    ]);
    await expectRefused(post(ALICE, 'return', { ...octoberOf12, reason: '  ' }), 400, [
      { path: 'reason', message: 'Reason is required.' },
    ]);
    await expectRefused(
      post(ALICE, 'return', { ...octoberOf12, reason: 'x'.repeat(MAX_RETURN_REASON_LENGTH + 1) }),
      400,
      [{ path: 'reason', message: reviewMessages.reasonTooLong }],
    );
    await expectRefused(post(ALICE, 'approve-expenses', { employeeId: CARLOS, expenseIds: [] }), 400, [
      { path: 'expenseIds', message: 'Select at least one expense to approve.' },
    ]);
    const unknownId = '00000000-0000-4000-8000-000000000000';
    await expectRefused(
      post(ALICE, 'approve-expenses', { employeeId: CARLOS, expenseIds: [unknownId] }),
      400,
      [{ path: 'expenseIds', message: `Row ${unknownId} is not part of this period.` }],
    );
    const [row] = await timesheets(CARLOS, '2026-11-02', '2026-11-02', 12);
    await expectRefused(
      put(ALICE, `timesheets/${row.id}`, adminTimeEdit(CARLOS, row, { hours: '25' })),
      400,
      [{ path: 'hours', message: 'Hours must be at most 24' }],
    );
    const [hotel] = await expenses(CARLOS, '2026-11-01', '2026-11-01');
    await expectRefused(
      put(ALICE, `expenses/${hotel.id}`, adminExpenseEdit(CARLOS, hotel, { rate: '0' })),
      400,
      [{ path: 'rate', message: 'Rate must be greater than 0' }],
    );
  });

  it('a sightstream admin cannot touch owner-1 people or projects; owner-2 people they can', async () => {
    const notFound = { message: 'Person not found.' };
    expect((await expectRefused(post(PRIYA, 'approve', octoberOf12), 404)).body).toMatchObject(notFound);
    expect(
      (await expectRefused(post(PRIYA, 'return', { ...octoberOf12, reason: 'No' }), 404)).body,
    ).toMatchObject(notFound);
    const [row] = await timesheets(CARLOS, '2026-11-02', '2026-11-02', 12);
    await expectRefused(put(PRIYA, `timesheets/${row.id}`, adminTimeEdit(CARLOS, row, { hours: '1' })), 404);
    const [parking] = await expenses(CARLOS, '2026-10-09', '2026-10-09');
    await expectRefused(
      post(PRIYA, 'approve-expenses', { employeeId: CARLOS, expenseIds: [parking.id] }),
      404,
    );
    // An owner-1 project is answered as an unknown one, even for an owner-2 person.
    const samOn12 = { employeeId: SAM, projectId: 12, start: '2026-11-01', end: '2026-11-30' };
    await expectRefused(post(PRIYA, 'approve', samOn12), 400, [
      { path: 'projectId', message: 'Project 12 does not exist' },
    ]);
    const approved = await post(PRIYA, 'approve', { ...samOn12, projectId: 21 });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ approvedEntries: expect.any(Number), approvedExpenses: 1 });
    expect(approved.body.approvedEntries).toBeGreaterThan(0);
  });

  it('approve: the project’s rows in the range are approved, the person is e-mailed, their edit is refused', async () => {
    const before = await eventCount();
    const res = await post(ALICE, 'approve', octoberOf12);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ approvedExpenses: 1, returnedEntries: 0, returnedExpenses: 0 });
    expect(res.body.approvedEntries).toBeGreaterThan(0);
    expect(res.body.position).toMatch(/^\d+\/\d+$/);
    expect(await eventCount()).toBe(before + 2);
    expect(await lastEvent()).toMatchObject({
      type: 'ExpensesApproved',
      data: { employeeId: CARLOS, projectId: 12, month: '2026-10' },
      actor: String(ALICE),
    });

    const rows = await timesheets(CARLOS, '2026-10-01', '2026-10-31', 12);
    expect(rows.length).toBe(res.body.approvedEntries);
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['approved']));
    const [mileage] = (await expenses(CARLOS, '2026-10-16', '2026-10-16')).filter((e) => e.projectId === 12);
    expect(mileage.state).toBe('approved');
    // Other projects of the month are untouched.
    expect((await timesheets(CARLOS, '2026-10-01', '2026-10-31', 61)).map((r) => r.state)).not.toContain(
      'approved',
    );

    await expectRefused(
      t.http('PUT', `/api/timesheets/${rows[0].id}`, {
        token: tokens[CARLOS],
        body: personEdit(rows[0], '4'),
      }),
      400,
    );
    // Project 12 bills 26 to 25: a calendar month is not one of its periods, so the mail names the days.
    const mail = await mailTo(
      'carlos.contractor@smartwork.example',
      `Approved: ${PIPELINE}, 1 Oct - 31 Oct 2026`,
    );
    expect(mail.text).toContain(`${PIPELINE}: ${rows.length} time entries, 1 expense`);

    // Nothing left to approve: 200 with zero counts, nothing appended.
    const again = await expectRefused(post(ALICE, 'approve', octoberOf12), 200);
    expect(again.body).toMatchObject({ approvedEntries: 0, approvedExpenses: 0, position: null });
  });

  it('approve selected expenses: only the chosen ones; approved ones are skipped', async () => {
    const [parking] = await expenses(CARLOS, '2026-10-09', '2026-10-09');
    const res = await post(ALICE, 'approve-expenses', { employeeId: CARLOS, expenseIds: [parking.id] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ approvedEntries: 0, approvedExpenses: 1 });
    expect((await expenses(CARLOS, '2026-10-09', '2026-10-09'))[0].state).toBe('approved');
    const again = await expectRefused(
      post(ALICE, 'approve-expenses', { employeeId: CARLOS, expenseIds: [parking.id] }),
      200,
    );
    expect(again.body.approvedExpenses).toBe(0);
  });

  it('return: the verified time reopens, the person sees the reason, gets the e-mail, fixes and verifies again', async () => {
    const november = { employeeId: CARLOS, projectId: 12, start: '2026-11-01', end: '2026-11-30' };
    const verify = () =>
      t.http('POST', '/api/ledgers/me/2026-11/verify', {
        token: tokens[CARLOS],
        body: { projectId: 12, what: 'timesheets' },
      });
    expect((await verify()).status).toBe(201);
    let [row] = await timesheets(CARLOS, '2026-11-02', '2026-11-02', 12);
    expect(row.state).toBe('verified');
    await expectRefused(
      t.http('PUT', `/api/timesheets/${row.id}`, { token: tokens[CARLOS], body: personEdit(row, '7') }),
      423,
    );

    const reason = 'Split the inspection hours by site, please.';
    const res = await post(ALICE, 'return', { ...november, reason });
    expect(res.status).toBe(200);
    expect(res.body.returnedEntries).toBeGreaterThan(0);
    expect(await lastEvent()).toMatchObject({
      type: 'PeriodReturned',
      data: { employeeId: CARLOS, projectId: 12, month: '2026-11', reason, entryIds: [], expenseIds: [] },
      actor: String(ALICE),
    });
    [row] = await timesheets(CARLOS, '2026-11-02', '2026-11-02', 12);
    expect(row).toMatchObject({ state: 'returned', returnReason: reason });
    const mail = await mailTo(
      'carlos.contractor@smartwork.example',
      `Returned for changes: ${PIPELINE}, 1 Nov - 30 Nov 2026`,
    );
    expect(mail.text).toContain(`Reason: ${reason}`);

    const edited = await t.http('PUT', `/api/timesheets/${row.id}`, {
      token: tokens[CARLOS],
      body: personEdit(row, '7'),
    });
    expect(edited.status).toBe(200);
    expect((await verify()).status).toBe(201);
    [row] = await timesheets(CARLOS, '2026-11-02', '2026-11-02', 12);
    expect(row).toMatchObject({ hours: '7', state: 'verified', returnReason: null });
    await expectRefused(
      t.http('PUT', `/api/timesheets/${row.id}`, { token: tokens[CARLOS], body: personEdit(row, '6') }),
      423,
    );
  });

  it('locks per kind: expenses verified leave the time open; the lock check names the kind', async () => {
    const verified = await t.http('POST', '/api/ledgers/me/2026-11/verify', {
      token: tokens[CARLOS],
      body: { projectId: 61, what: 'expenses' },
    });
    expect(verified.status).toBe(201);
    const lock = await t.http('GET', `/api/ledgers/${CARLOS}/2026-11/locks/61`, { token: tokens[CARLOS] });
    expect(lock.body).toMatchObject({ locked: true, kinds: ['expenses'] });
    const [row] = await timesheets(CARLOS, '2026-11-06', '2026-11-06', 61);
    expect(row.state).toBe('entered');
    const body = { ...personEdit(row, '7'), overtimeHours: '2' };
    expect((await t.http('PUT', `/api/timesheets/${row.id}`, { token: tokens[CARLOS], body })).status).toBe(
      200,
    );
  });

  it('return of chosen rows: one of another project is refused naming the field', async () => {
    const [other] = await timesheets(CARLOS, '2026-11-06', '2026-11-06', 61);
    await expectRefused(
      post(ALICE, 'return', {
        employeeId: CARLOS,
        projectId: 12,
        start: '2026-11-01',
        end: '2026-11-30',
        reason: 'Wrong day',
        entryIds: [other.id],
      }),
      400,
      [{ path: 'entryIds', message: `Row ${other.id} is not part of this period.` }],
    );
  });

  it('admin edit: passes the person’s lock, records before -> after with the admin as actor; approved rows are final', async () => {
    // Project 12 of November is verified (locked) for Carlos by now.
    const [row] = await timesheets(CARLOS, '2026-11-03', '2026-11-03', 12);
    expect(row.state).toBe('verified');
    const res = await put(
      ALICE,
      `timesheets/${row.id}`,
      adminTimeEdit(CARLOS, row, { hours: '6.3', comment: 'Site B' }),
    );
    expect(res.status).toBe(200);
    const event = await lastEvent();
    expect(event).toMatchObject({
      type: 'TimesheetEntryCorrected',
      data: {
        entryId: row.id,
        before: { hours: row.hours, comment: row.comment },
        after: { hours: '6.3', comment: 'Site B' },
        lateEntry: false,
      },
      actor: String(ALICE),
    });
    const [seen] = await timesheets(CARLOS, '2026-11-03', '2026-11-03', 12);
    expect(seen).toMatchObject({ hours: '6.3', comment: 'Site B', version: row.version + 1 });

    const [approved] = await timesheets(CARLOS, '2026-10-05', '2026-10-05', 12);
    const refused = await expectRefused(
      put(ALICE, `timesheets/${approved.id}`, adminTimeEdit(CARLOS, approved, { hours: '1' })),
      409,
    );
    expect(refused.body.message).toBe('This row is approved and can no longer be changed.');

    // The expense dialog: the admin's rate gives the claimed amount.
    const [hotel] = await expenses(CARLOS, '2026-11-02', '2026-11-02');
    const edit = await put(
      ALICE,
      `expenses/${hotel.id}`,
      adminExpenseEdit(CARLOS, hotel, {
        amount: '100',
        comment: 'Hotel, corrected',
        rate: '0.5',
        projectCurrency: 'USD',
        isBillable: false,
      }),
    );
    expect(edit.status).toBe(200);
    expect(await lastEvent()).toMatchObject({
      type: 'ExpenseCorrected',
      data: { before: { amount: hotel.amount }, after: { amount: '100', rate: '0.5', claimed: '50.00' } },
      actor: String(ALICE),
    });
    expect((await expenses(CARLOS, '2026-11-02', '2026-11-02'))[0]).toMatchObject({
      amount: '100',
      claimed: '50.00',
      comment: 'Hotel, corrected',
    });
  });
});
