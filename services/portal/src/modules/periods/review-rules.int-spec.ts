// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { eventLogChecks } from '../../../test/event-log';
import { eventually } from '../../../test/waiting';
import { listOutbox } from '../../platform/mail/outbox-mailer';
import { hasReached, readCheckpoint } from '../../platform/projection/checkpoints';
import { reactorCheckpointName } from '../../platform/projection/reactor-runner';
import { adminExpenseEdit, adminTimeEdit, reviewHttp, type ListedRow } from '../../../test/review-http';

/*
 * The review loop's rules beyond the journeys of review.int-spec.ts: segregation of duties (no
 * admin approves or returns their own period), the admin's scope over the row's current project,
 * and one e-mail per review command however many months its period touches.
 *
 * Wednesday 2026-11-18. The demo seed: Carlos has time on 12 (Pipeline Integrity Review, billing
 * cycle 26 to 25) Mon-Wed; Sam (owner 2) on 21 every weekday and on 22 on Fridays, a taxi on 21.
 */
const NOW = '2026-11-18T15:00:00.000Z';
const ALICE = 1; // admin of owner 1
const CARLOS = 3;
const SAM = 5; // owner 2
const PRIYA = 8; // owner 2 (sightstream); made an admin below
const CARLOS_MAIL = 'carlos.contractor@smartwork.example';
const OWN_PERIOD = 'You cannot approve or return your own period.';

describe('the review loop’s rules: own periods, the row’s project, one e-mail per command', () => {
  let t: TestApp;
  const tokens: Record<number, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ now: NOW, seedDemo: true });
    await appendDirectly(
      `staff-${PRIYA}`,
      'StaffAccessChanged',
      { staffId: PRIYA, isAdmin: true },
      'make-priya-admin',
    );
    for (const id of [ALICE, CARLOS, SAM, PRIYA]) tokens[id] = await t.signIn(id);
  });
  afterAll(() => t?.close());

  const { expectRefused, appendDirectly } = eventLogChecks(() => t, NOW);
  const { post, put, timesheets, expenses } = reviewHttp(() => t, tokens);

  describe('segregation of duties', () => {
    const week = { employeeId: PRIYA, projectId: 22, start: '2026-11-14', end: '2026-11-20' };

    it('an admin may not approve or return their own period, nor approve their own expenses: 403, nothing changed', async () => {
      const saved = await t.http('POST', '/api/timesheets', {
        token: tokens[PRIYA],
        body: {
          projectId: 22,
          subProjectId: null,
          confirmLate: true,
          items: [{ date: '2026-11-16', hours: '8', overtimeHours: '1', comment: 'Archive checks' }],
        },
      });
      expect(saved.status).toBe(201);
      const claimed = await t.http('POST', '/api/expenses', {
        token: tokens[PRIYA],
        body: {
          categoryId: 10,
          projectId: 22,
          currency: 'EUR',
          amount: '18.20',
          date: '2026-11-16',
          comment: 'Taxi to the archive',
          isBillable: true,
        },
      });
      expect(claimed.status).toBe(201);
      const [taxi] = await expenses(PRIYA, '2026-11-16', '2026-11-16');

      for (const refused of [
        await expectRefused(post(PRIYA, 'approve', week), 403),
        await expectRefused(post(PRIYA, 'return', { ...week, reason: 'Mine to fix' }), 403),
        await expectRefused(
          post(PRIYA, 'approve-expenses', { employeeId: PRIYA, expenseIds: [taxi.id] }),
          403,
        ),
      ]) {
        expect(refused.body.message).toBe(OWN_PERIOD);
      }
      const [entry] = await timesheets(PRIYA, '2026-11-16', '2026-11-16', 22);
      expect(entry.state).toBe('entered');
      expect((await expenses(PRIYA, '2026-11-16', '2026-11-16'))[0].state).toBe('entered');

      // The admin edit dialogs pass the person's lock, so an admin may not use them on their own rows.
      const ownEdits = [
        await expectRefused(
          put(PRIYA, `timesheets/${entry.id}`, adminTimeEdit(PRIYA, entry, { hours: '2' })),
          403,
        ),
        await expectRefused(
          put(PRIYA, `expenses/${taxi.id}`, adminExpenseEdit(PRIYA, taxi, { amount: '1', comment: 'Mine' })),
          403,
        ),
      ];
      for (const refused of ownEdits) {
        expect(refused.body.message).toBe(
          'You cannot edit your own rows as an admin; change them on your own timesheet or expense screen.',
        );
      }
      expect((await timesheets(PRIYA, '2026-11-16', '2026-11-16', 22))[0].hours).toBe(entry.hours);
    });

    it('another admin approves that period', async () => {
      const approved = await post(ALICE, 'approve', week);
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ approvedEntries: 1, approvedExpenses: 1 });
      const [entry] = await timesheets(PRIYA, '2026-11-16', '2026-11-16', 22);
      expect(entry.state).toBe('approved');
    });
  });

  describe('the admin’s scope covers the row’s current project, not only the one it is moved to', () => {
    const storedEntry = async (id: string) =>
      (
        await sql<{ project_id: number; hours: string; version: number }>`
          select project_id, hours::text as hours, version from rm_timesheets.entries where entry_id = ${id}`.execute(
          t.db.db,
        )
      ).rows[0];
    const storedExpense = async (id: string) =>
      (
        await sql<{ project_id: number; amount: string; version: number }>`
          select project_id, amount::text as amount, version from rm_expenses.expenses where expense_id = ${id}`.execute(
          t.db.db,
        )
      ).rows[0];
    /** Sam's row moved to `projectId` by the admin (3 hours; 99 for the taxi). */
    const timeEdit = (row: ListedRow, projectId: number) =>
      adminTimeEdit(SAM, row, { projectId, hours: '3' });
    const expenseEdit = (row: ListedRow, projectId: number) =>
      adminExpenseEdit(SAM, row, { amount: '99', comment: 'Moved', projectId });

    it('a sightstream admin can neither move nor edit an owner-2 person’s row of an owner-1 project: 403, nothing changed', async () => {
      const [time] = await timesheets(SAM, '2026-11-02', '2026-11-02', 21);
      const [taxi] = await expenses(SAM, '2026-11-04', '2026-11-04');
      expect(taxi.projectId).toBe(21);
      // Broadcast Platform is handed over to the first owner: Sam's rows on it are owner 1's now.
      await appendDirectly('project-21', 'ProjectUpdated', { projectId: 21, ownerId: 1 }, 'hand-over-21');
      const timeBefore = await storedEntry(time.id);
      const expenseBefore = await storedExpense(taxi.id);

      await expectRefused(put(PRIYA, `timesheets/${time.id}`, timeEdit(time, 22)), 403);
      await expectRefused(put(PRIYA, `timesheets/${time.id}`, timeEdit(time, 21)), 403);
      await expectRefused(put(PRIYA, `expenses/${taxi.id}`, expenseEdit(taxi, 22)), 403);
      await expectRefused(put(PRIYA, `expenses/${taxi.id}`, expenseEdit(taxi, 21)), 403);
      expect(await storedEntry(time.id)).toEqual(timeBefore);
      expect(await storedExpense(taxi.id)).toEqual(expenseBefore);
      expect(timeBefore).toMatchObject({ project_id: 21, hours: '8' });
    });

    it('the same admin still edits that person’s rows of an owner-2 project', async () => {
      const [friday] = await timesheets(SAM, '2026-11-06', '2026-11-06', 22);
      const edited = await put(PRIYA, `timesheets/${friday.id}`, {
        ...timeEdit(friday, 22),
        overtimeHours: '2',
      });
      expect(edited.status).toBe(200);
      expect(await storedEntry(friday.id)).toMatchObject({ project_id: 22, hours: '3' });
    });
  });

  describe('one e-mail per review command', () => {
    const carlosMails = async () =>
      (await listOutbox(t.db.db, { everyOwner: true })).filter((mail) => mail.to.includes(CARLOS_MAIL));
    /** Waits until the review-mail reactor has passed the command's events and its jobs are done. */
    const reviewMailsSettled = async (position: string) => {
      const [commit, prepare] = position.split('/').map(BigInt);
      await eventually(async () => {
        const checkpoint = await readCheckpoint(t.db.db, reactorCheckpointName('periods-review-email'));
        if (!hasReached(checkpoint?.position ?? null, { commit, prepare })) return false;
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from jobs
           where name = 'periods.review-email' and state in ('waiting', 'active')`.execute(t.db.db);
        return rows[0].n === 0;
      });
    };
    // Project 12 bills 26 to 25: its period 'Nov - 2026' runs from 26 Oct to 25 Nov.
    const novemberOf12 = { employeeId: CARLOS, projectId: 12, start: '2026-10-26', end: '2026-11-25' };

    it('approving a period that spans two calendar months sends one e-mail naming the period', async () => {
      const before = await carlosMails();
      const approved = await post(ALICE, 'approve', novemberOf12);
      expect(approved.status).toBe(200);
      const { rows: ledgers } = await sql<{ stream_id: string }>`
        select distinct stream_id from events
         where type = 'TimesheetsApproved' and metadata->>'commandId' = (
           select metadata->>'commandId' from events order by transaction_id desc, position desc limit 1)
         order by stream_id`.execute(t.db.db);
      expect(ledgers.map((l) => l.stream_id)).toEqual(['ledger-3-2026-10', 'ledger-3-2026-11']);

      await reviewMailsSettled(approved.body.position);
      const news = (await carlosMails()).filter((mail) => !before.some((old) => old.id === mail.id));
      expect(news.map((mail) => mail.subject)).toEqual(['Approved: Pipeline Integrity Review, Nov - 2026']);
      expect(news[0].text).toContain('Period: Nov - 2026 (26 Oct - 25 Nov 2026)');
      expect(news[0].text).toContain(
        `Pipeline Integrity Review: ${approved.body.approvedEntries} time entries`,
      );
    });

    it('returning it sends one e-mail with the reason once', async () => {
      const before = await carlosMails();
      const reason = 'Split the inspection hours by site, please.';
      const returned = await post(ALICE, 'return', { ...novemberOf12, reason });
      expect(returned.status).toBe(200);
      await reviewMailsSettled(returned.body.position);
      const news = (await carlosMails()).filter((mail) => !before.some((old) => old.id === mail.id));
      expect(news.map((mail) => mail.subject)).toEqual([
        'Returned for changes: Pipeline Integrity Review, Nov - 2026',
      ]);
      expect(news[0].text.split(`Reason: ${reason}`)).toHaveLength(2);
      expect(news[0].text).toContain(`Returned: ${returned.body.returnedEntries} time entries, 0 expenses`);
    });
  });
});
