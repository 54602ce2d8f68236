/*
 * Over 300 lines on purpose: the timesheets context's HTTP journeys against one seeded portal,
 * SMTP receiver and BullMQ queue; splitting would start them once more per file.
 */
import { testTimeZone } from '../../../test/dates';
import { onBullMq } from '../../../test/bullmq-queue';
import { COMMENT_MAX_LENGTH, projectRequestSchema, timesheetMessages } from '@portal/contracts';
import { sql } from 'kysely';
import { startTestApp, testNow, type TestApp } from '../../../test/app-harness';
import { eventLogChecks } from '../../../test/event-log';
import { TEST_REDIS_URL, uniqueRedisPrefix } from '../../../test/services';
import { startSmtpReceiver } from '../../../test/smtp-receiver';
import {
  addDays,
  businessDateIn,
  endOfMonth,
  mondayOfWeek,
  monthOf,
  startOfMonthOffset,
  timesheetBatchSchema,
  timesheetWindow,
} from '@portal/contracts';
import { StaffDirectory } from '../../platform/auth/principal';
import { CommandBus } from '@nestjs/cqrs';
import { SubmitTimesheet } from './commands/submit-timesheet';

// The clock: the run's pinned instant (PORTAL_NOW). Every date below follows from it: today, the
// Monday of its week, this month, next month and the window (two months back to two ahead). The
// demo seed gives Carlos history from the start of the window on.
const NOW = testNow();
const TODAY = businessDateIn(new Date(NOW), testTimeZone());
const TOMORROW = addDays(TODAY, 1);
const MONDAY = mondayOfWeek(TODAY);
const MONTH = monthOf(TODAY);
const MONTH_FIRST = `${MONTH}-01`;
const MONTH_LAST = endOfMonth(TODAY);
const NEXT_FIRST = addDays(MONTH_LAST, 1);
const NEXT = monthOf(NEXT_FIRST);
const NEXT_LAST = endOfMonth(NEXT_FIRST);
const WINDOW = timesheetWindow(TODAY);
const OLDEST_FIRST = startOfMonthOffset(TODAY, -2);
const PREVIOUS_FIRST = startOfMonthOffset(TODAY, -1);
const ALICE = 1; // admin; roster: 18, 45
const BRUNO = 2; // admin; on no roster
const CARLOS = 3;
const DANA = 4;
const SAM = 5; // owner 2 (sightstream); roster: 21, 22
const PRIYA = 8; // owner 2 (sightstream)
const RITA = 6; // roster: 33, 36, 45, 61

describe('timesheets over HTTP (real PostgreSQL, Redis, SMTP)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  const tokens: Record<number, string> = {};

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    const prefix = uniqueRedisPrefix('timesheets');
    t = await startTestApp({
      now: NOW,
      seedDemo: true,
      redisUrl: TEST_REDIS_URL,
      smtpUrl: smtp.url,
      override: (builder) => onBullMq(builder, { prefix }),
    });
    await t.projectionsCaughtUp();
    for (const id of [ALICE, BRUNO, CARLOS, DANA, SAM, RITA]) tokens[id] = await t.signIn(id);
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const { eventCount, expectRefused, appendDirectly } = eventLogChecks(() => t, NOW);

  const item = (date: string, hours: unknown = '7.5', extra: Record<string, unknown> = {}) => ({
    date,
    hours,
    overtimeHours: null,
    comment: 'Office fit-out',
    ...extra,
  });

  const post = (who: number, body: unknown, headers: Record<string, string> = {}) =>
    t.http('POST', '/api/timesheets', { token: tokens[who], body, headers });

  const list = (who: number, query: string) =>
    t.http('GET', `/api/timesheets?${query}`, { token: tokens[who] });

  it('saves a batch and the list right after shows it with exact totals (read-your-writes)', async () => {
    const res = await post(RITA, {
      projectId: 36,
      subProjectId: null,
      items: [item(TODAY), item(TOMORROW, 8.3)],
      confirmLate: false,
    });
    expect(res.status).toBe(201);
    expect(res.body.entryIds).toHaveLength(2);
    expect(res.body.position).toMatch(/^\d+\/\d+$/);

    const listed = await list(RITA, `start=${TODAY}&end=${TOMORROW}&projectId=36`);
    expect(listed.status).toBe(200);
    expect(listed.body.rows.map((r: { id: string }) => r.id)).toEqual(res.body.entryIds);
    expect(listed.body.rows[1]).toMatchObject({
      date: TOMORROW,
      projectName: 'Sydney Office Setup',
      hours: '8.3',
      overtimeHours: null,
      value: '1660.00',
      activity: 'Office fit-out',
      isApproved: false,
      verifiedAt: null,
      version: 1,
    });
    expect(listed.body.totals).toEqual({ hours: '15.8', overtimeHours: '0', value: '3160.00' });
    expect(listed.body.showOvertime).toBe(true); // Rita may bill 61
  });

  it('answers 400 naming the field and the rule, and appends nothing', async () => {
    const base = { projectId: 36, subProjectId: null, items: [item(TODAY)], confirmLate: false };
    await expectRefused(post(RITA, { ...base, projectId: null }), 400, [
      { path: 'projectId', message: 'Project must have a value' },
    ]);
    await expectRefused(post(RITA, { ...base, projectId: 45 }), 400, [
      { path: 'subProjectId', message: 'Sub Project must have a value' },
    ]);
    await expectRefused(post(RITA, { ...base, projectId: 45, subProjectId: 45 }), 400, [
      { path: 'subProjectId', message: 'Choose an active project other than the umbrella project.' },
    ]);
    // A project the admins do not mark as a sub-project of 45 cannot be named as one.
    const project36 = await t.http('GET', '/api/admin/projects/36', { token: tokens[ALICE] });
    const editable = Object.fromEntries(
      Object.keys(projectRequestSchema.shape).map((key) => [key, project36.body[key]]),
    );
    const mark = (isSubProject: boolean) =>
      t.http('PUT', '/api/admin/projects/36', { token: tokens[ALICE], body: { ...editable, isSubProject } });
    expect((await mark(false)).status).toBe(200);
    await expectRefused(post(RITA, { ...base, projectId: 45, subProjectId: 36 }), 400, [
      { path: 'subProjectId', message: 'Choose an active project other than the umbrella project.' },
    ]);
    expect((await mark(true)).status).toBe(200);
    await expectRefused(post(RITA, { ...base, items: [item(TODAY, null)] }), 400, [
      { path: 'items.0.hours', message: 'Please fill in your hours' },
    ]);
    await expectRefused(post(RITA, { ...base, items: [item(TODAY, 0)] }), 400, [
      { path: 'items.0.hours', message: 'Hours must be greater than 0' },
    ]);
    await expectRefused(post(RITA, { ...base, items: [item(TODAY, '7.25')] }), 400, [
      { path: 'items.0.hours', message: 'Hours must be in steps of 0.1' },
    ]);
    await expectRefused(post(RITA, { ...base, items: [item(TODAY, '8', { comment: '' })] }), 400, [
      { path: 'items.0.comment', message: 'Activity Comment must have a value' },
    ]);
    await expectRefused(
      post(RITA, { ...base, items: [item(TODAY, '8', { comment: 'x'.repeat(COMMENT_MAX_LENGTH + 1) })] }),
      400,
      [{ path: 'items.0.comment', message: timesheetMessages.commentTooLong }],
    );
    await expectRefused(post(RITA, { ...base, items: [item(TODAY, '8', { overtimeHours: '2' })] }), 400, [
      { path: 'items.0.overtimeHours', message: 'Overtime Hours are not allowed for this project' },
    ]);
    await expectRefused(
      post(RITA, { ...base, items: [item(addDays(WINDOW.first, -1))], confirmLate: true }),
      400,
      [{ path: 'items.0.date', message: `Date must be between ${WINDOW.first} and ${WINDOW.last}` }],
    );
    await expectRefused(post(RITA, { ...base, items: [item(addDays(WINDOW.last, 1))] }), 400, [
      { path: 'items.0.date', message: `Date must be between ${WINDOW.first} and ${WINDOW.last}` },
    ]);
    await expectRefused(post(RITA, { ...base, projectId: 12 }), 400, [
      { path: 'projectId', message: 'You are not on the roster of this project.' },
    ]);
    await expectRefused(post(RITA, { ...base, projectId: 999 }), 400, [
      { path: 'projectId', message: 'Project 999 does not exist' },
    ]);
    await expectRefused(
      post(SAM, {
        projectId: 21,
        subProjectId: null,
        items: [item(TODAY, '7.5', { overtimeHours: '0.5' })],
        confirmLate: false,
      }),
      400,
      [
        { path: 'items.0.hours', message: 'Hours must be a whole number' },
        { path: 'items.0.overtimeHours', message: 'Overtime Hours must be a whole number' },
      ],
    );
  });

  it('a day before Monday without confirmLate is 400 on confirmLate and nothing is appended', async () => {
    await expectRefused(
      post(RITA, {
        projectId: 36,
        subProjectId: null,
        items: [item(addDays(MONDAY, -3))],
        confirmLate: false,
      }),
      400,
      [{ path: 'confirmLate', message: 'The selected date is not within the current week.' }],
    );
  });

  it('an idempotent retry (same Idempotency-Key) appends nothing twice', async () => {
    const body = {
      projectId: 33,
      subProjectId: null,
      items: [item(TODAY), item(TOMORROW)],
      confirmLate: false,
    };
    const before = await eventCount();
    const first = await post(RITA, body, { 'Idempotency-Key': 'rita-batch-1' });
    const again = await post(RITA, body, { 'Idempotency-Key': 'rita-batch-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.entryIds).toEqual(first.body.entryIds);
    expect(await eventCount()).toBe(before + 2);
  });

  it("one person's independent new entries sent in parallel all land (no 409 for a lost race)", async () => {
    const before = await eventCount();
    const days = Array.from({ length: 5 }, (_, i) => addDays(MONDAY, i));
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post(DANA, {
          projectId: 12,
          subProjectId: null,
          items: [item(days[i % days.length], '0.1', { comment: `Parallel ${i}` })],
          confirmLate: false,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 60 }, () => 201));
    expect(await eventCount()).toBe(before + 60);
    const listed = await list(DANA, `start=${days[0]}&end=${days[4]}&projectId=12`);
    const parallel = listed.body.rows.filter((r: { comment: string }) => r.comment.startsWith('Parallel '));
    expect(parallel).toHaveLength(60);
  });

  it('a batch across two months appends to each month; the same command again appends nothing', async () => {
    const commands = t.app.get(CommandBus);
    const person = (await t.app.get(StaffDirectory).findById(RITA))!;
    const batch = timesheetBatchSchema.parse({
      projectId: 36,
      subProjectId: null,
      items: [item(MONTH_LAST), item(NEXT_FIRST)],
      confirmLate: false,
    });
    const context = {
      actor: { id: String(RITA), name: person.name },
      commandId: 'two-month-batch',
      correlationId: 'two-month-batch',
      causationId: null,
      now: new Date(NOW),
    };
    const before = await eventCount();
    const first = await commands.execute(new SubmitTimesheet({ principal: person, context }, batch));
    const streams = await sql<{ stream_id: string }>`
      select stream_id from events where metadata->>'commandId' = 'two-month-batch' order by position`.execute(
      t.db.db,
    );
    expect(streams.rows.map((r) => r.stream_id)).toEqual([
      `ledger-${RITA}-${MONTH}`,
      `ledger-${RITA}-${NEXT}`,
    ]);
    // A retry (e.g. after a crash between the two appends) completes without doubling.
    const again = await commands.execute(new SubmitTimesheet({ principal: person, context }, batch));
    expect(again.entryIds).toEqual(first.entryIds);
    expect(await eventCount()).toBe(before + 2);
  });

  it('an edit changes hours in steps of 0.5 (the Edit Timesheet modal); hours kept as entered stay', async () => {
    const saved = await post(RITA, {
      projectId: 36,
      subProjectId: null,
      items: [item(TOMORROW, '7.3', { comment: 'Entered in steps of 0.1' })],
      confirmLate: false,
    });
    expect(saved.status).toBe(201);
    const id = saved.body.entryIds[0];
    const put = (hours: string, version: number, comment = 'Entered in steps of 0.1') =>
      t.http('PUT', `/api/timesheets/${id}`, {
        token: tokens[RITA],
        body: {
          projectId: 36,
          subProjectId: null,
          date: TOMORROW,
          hours,
          overtimeHours: null,
          comment,
          version,
        },
      });
    await expectRefused(put('7.1', 1), 400, [{ path: 'hours', message: 'Hours must be in steps of 0.5' }]);
    expect((await put('7.3', 1, 'Only the comment changed')).status).toBe(200);
    expect((await put('7.5', 2)).status).toBe(200);
    const rows = (await list(RITA, `start=${TOMORROW}&end=${TOMORROW}&projectId=36`)).body.rows;
    expect(rows.find((r: { id: string }) => r.id === id)).toMatchObject({ hours: '7.5', version: 3 });
  });

  describe('editing and deleting', () => {
    let entryId: string;
    beforeAll(async () => {
      const res = await post(RITA, {
        projectId: 36,
        subProjectId: null,
        items: [item(TODAY, '6')],
        confirmLate: false,
      });
      entryId = res.body.entryIds[0];
    });
    const edit = (overrides: Record<string, unknown> = {}) => ({
      projectId: 36,
      subProjectId: null,
      date: TODAY,
      hours: '5',
      overtimeHours: null,
      comment: 'Cabling',
      version: 1,
      confirmLate: false,
      ...overrides,
    });

    it("another person's entry is 403 and nothing changes", async () => {
      await expectRefused(
        t.http('PUT', `/api/timesheets/${entryId}`, { token: tokens[DANA], body: edit() }),
        403,
      );
      await expectRefused(
        t.http('DELETE', `/api/timesheets/${entryId}?version=1`, { token: tokens[DANA] }),
        403,
      );
      await expectRefused(
        t.http('PUT', `/api/timesheets/${entryId}`, { token: tokens[ALICE], body: edit() }),
        403,
      );
    });

    it('updates, then a stale version is 409', async () => {
      const ok = await t.http('PUT', `/api/timesheets/${entryId}`, { token: tokens[RITA], body: edit() });
      expect(ok.status).toBe(200);
      const rows = (await list(RITA, `start=${TODAY}&end=${TODAY}&projectId=36`)).body.rows;
      expect(rows.find((r: { id: string }) => r.id === entryId)).toMatchObject({
        hours: '5',
        comment: 'Cabling',
        version: 2,
      });
      await expectRefused(
        t.http('PUT', `/api/timesheets/${entryId}`, { token: tokens[RITA], body: edit({ hours: '4' }) }),
        409,
      );
    });

    it('moves an entry to another month (withdrawn from the old ledger, submitted to the new)', async () => {
      const res = await t.http('PUT', `/api/timesheets/${entryId}`, {
        token: tokens[RITA],
        body: edit({ date: addDays(NEXT_FIRST, 2), version: 2 }),
      });
      expect(res.status).toBe(200);
      const nov = (await list(RITA, `start=${MONTH_FIRST}&end=${MONTH_LAST}`)).body.rows;
      const dec = (await list(RITA, `start=${NEXT_FIRST}&end=${NEXT_LAST}`)).body.rows;
      expect(nov.some((r: { id: string }) => r.id === entryId)).toBe(false);
      expect(dec.find((r: { id: string }) => r.id === entryId)).toMatchObject({
        date: addDays(NEXT_FIRST, 2),
        version: 3,
      });
      const streams = await sql<{ stream_id: string; type: string }>`
        select stream_id, type from events where data->>'entryId' = ${entryId} order by position`.execute(
        t.db.db,
      );
      expect(streams.rows.slice(-2)).toEqual([
        { stream_id: `ledger-${RITA}-${NEXT}`, type: 'TimesheetSubmitted' },
        { stream_id: `ledger-${RITA}-${MONTH}`, type: 'TimesheetEntryWithdrawn' },
      ]);
    });

    it('deletes with the current version', async () => {
      const res = await t.http('DELETE', `/api/timesheets/${entryId}?version=3`, { token: tokens[RITA] });
      expect(res.status).toBe(200);
      const dec = (await list(RITA, `start=${NEXT_FIRST}&end=${NEXT_LAST}`)).body.rows;
      expect(dec.some((r: { id: string }) => r.id === entryId)).toBe(false);
    });
  });

  describe('locks and approval', () => {
    it('a verified project and month is 423 "{project} is not editable"; the lock check says so', async () => {
      const saved = await post(RITA, {
        projectId: 36,
        subProjectId: null,
        items: [item(NEXT_FIRST)],
        confirmLate: false,
      });
      const verify = await t.http('POST', `/api/ledgers/me/${NEXT}/verify`, {
        token: tokens[RITA],
        body: { projectId: 36 },
      });
      expect(verify.status).toBe(201);

      const lock = await t.http('GET', `/api/ledgers/${RITA}/${NEXT}/locks/36`, { token: tokens[RITA] });
      expect(lock.status).toBe(200);
      expect(lock.body).toMatchObject({
        locked: true,
        project: 'Sydney Office Setup',
        projectId: 36,
        month: NEXT,
      });
      // An editable month answers 200 too (no error in the browser's console in normal use).
      const editable = await t.http('GET', `/api/ledgers/${RITA}/${NEXT}/locks/33`, { token: tokens[RITA] });
      expect(editable.status).toBe(200);
      expect(editable.body).toEqual({ locked: false, projectId: 33, month: NEXT });
      // Someone else's ledger is 404 (as an unknown person's) unless an admin asks.
      expect(
        (await t.http('GET', `/api/ledgers/${RITA}/${NEXT}/locks/36`, { token: tokens[DANA] })).status,
      ).toBe(404);
      expect(
        (await t.http('GET', `/api/ledgers/${RITA}/${NEXT}/locks/36`, { token: tokens[ALICE] })).status,
      ).toBe(200);

      const refused = await expectRefused(
        post(RITA, {
          projectId: 36,
          subProjectId: null,
          items: [item(addDays(NEXT_FIRST, 1))],
          confirmLate: false,
        }),
        423,
      );
      expect(refused.body.message).toBe('Sydney Office Setup is not editable');
      await expectRefused(
        t.http('PUT', `/api/timesheets/${saved.body.entryIds[0]}`, {
          token: tokens[RITA],
          body: {
            projectId: 36,
            subProjectId: null,
            date: NEXT_FIRST,
            hours: '1',
            overtimeHours: null,
            comment: 'x',
            version: 1,
            confirmLate: false,
          },
        }),
        423,
      );
      const rows = (await list(RITA, `start=${NEXT_FIRST}&end=${NEXT_LAST}&projectId=36`)).body.rows;
      expect(rows[0].verifiedAt).toEqual(expect.any(String));
    });

    it('approved entries (seeded oldest month of Carlos) cannot be edited or deleted', async () => {
      const rows = (await list(CARLOS, `start=${OLDEST_FIRST}&end=${endOfMonth(OLDEST_FIRST)}&projectId=61`))
        .body.rows;
      expect(rows.length).toBeGreaterThan(0);
      const approved = rows[0];
      expect(approved.isApproved).toBe(true);
      const body = {
        projectId: 61,
        subProjectId: null,
        date: approved.date,
        hours: '1',
        overtimeHours: null,
        comment: 'x',
        version: approved.version,
        confirmLate: true,
      };
      await expectRefused(
        t.http('PUT', `/api/timesheets/${approved.id}`, { token: tokens[CARLOS], body }),
        400,
        [{ path: 'id', message: 'This timesheet entry is approved and can no longer be changed.' }],
      );
      await expectRefused(
        t.http('DELETE', `/api/timesheets/${approved.id}?version=${approved.version}`, {
          token: tokens[CARLOS],
        }),
        400,
      );
    });
  });

  it('sorts by activity and hides overtime for someone without an overtime project', async () => {
    const desc = (
      await list(
        CARLOS,
        `start=${PREVIOUS_FIRST}&end=${endOfMonth(PREVIOUS_FIRST)}&sortBy=activity&direction=desc`,
      )
    ).body;
    const comments = desc.rows.map((r: { activity: string }) => r.activity);
    expect(comments).toEqual([...comments].sort().reverse());
    expect(
      desc.rows.some(
        (r: { subProjectName: string | null }) => r.subProjectName === 'Transit Signalling Upgrade',
      ),
    ).toBe(true);
    expect((await list(BRUNO, `start=${PREVIOUS_FIRST}&end=${endOfMonth(PREVIOUS_FIRST)}`)).body).toEqual({
      rows: [],
      totals: { hours: '0', overtimeHours: '0', value: '0.00' },
      showOvertime: false,
    });
  });

  it('overtime on umbrella project 45 with sub-project 61 shows the Overtime column to who entered it', async () => {
    // Alice bills 18 and 45 (no overtime project of her own); 61 as the sub-project of 45 has overtime.
    const saved = await post(ALICE, {
      projectId: 45,
      subProjectId: 61,
      items: [item(TODAY, '6', { overtimeHours: '2' })],
      confirmLate: false,
    });
    expect(saved.status).toBe(201);
    const listed = (await list(ALICE, `start=${MONTH_FIRST}&end=${MONTH_LAST}`)).body;
    expect(listed.showOvertime).toBe(true);
    expect(listed.rows).toEqual([
      expect.objectContaining({ projectId: 45, subProjectId: 61, hours: '6', overtimeHours: '2' }),
    ]);
    expect(listed.totals).toEqual({ hours: '6', overtimeHours: '2', value: '1200.00' });
    // Before any entry, the column shows too: Alice may enter overtime through 45.
    const previous = `start=${PREVIOUS_FIRST}&end=${endOfMonth(PREVIOUS_FIRST)}`;
    expect((await list(ALICE, previous)).body.showOvertime).toBe(true);
  });

  it('a project outside a sightstream person’s scope is answered exactly like an unknown one', async () => {
    const batch = (projectId: number, subProjectId: number | null = null) => ({
      projectId,
      subProjectId,
      items: [item(TODAY, '8')],
      confirmLate: false,
    });
    // 12 is an owner-1 project; 999999 does not exist.
    const outOfScope = await expectRefused(post(SAM, batch(12)), 400);
    const unknown = await expectRefused(post(SAM, batch(999999)), 400);
    expect(outOfScope.body).toEqual(JSON.parse(JSON.stringify(unknown.body).replaceAll('999999', '12')));
    expect(outOfScope.body.problems).toEqual([{ path: 'projectId', message: 'Project 12 does not exist' }]);

    // Editing an own entry into an out-of-scope project: the same answer as into an unknown one.
    const own = await post(SAM, batch(21));
    expect(own.status).toBe(201);
    const edit = (projectId: number) =>
      t.http('PUT', `/api/timesheets/${own.body.entryIds[0]}`, {
        token: tokens[SAM],
        body: { ...batch(projectId).items[0], projectId, subProjectId: null, version: 1, confirmLate: false },
      });
    const editOut = await expectRefused(edit(12), 400);
    const editUnknown = await expectRefused(edit(999999), 400);
    expect(editOut.body).toEqual(JSON.parse(JSON.stringify(editUnknown.body).replaceAll('999999', '12')));
  });

  it('a late entry e-mails the admins once through BullMQ and SMTP, with before -> after', async () => {
    const before = smtp.mails.length;
    const saved = await post(
      RITA,
      {
        projectId: 33,
        subProjectId: null,
        items: [item(addDays(MONDAY, -4), '8'), item(addDays(MONDAY, -3), '8')],
        confirmLate: true,
      },
      { 'Idempotency-Key': 'rita-late-1' },
    );
    expect(saved.status).toBe(201);
    const [added] = (await smtp.waitFor(before + 1)).slice(before);
    expect(added.to.sort()).toEqual(['alice.admin@smartwork.example', 'bruno.billing@smartwork.example']);
    expect(added.text).toContain('Rita Receipts');
    expect(added.text).toContain('Fort McMurray Relocation');
    expect(added.text).toContain(
      `(nothing) -> ${addDays(MONDAY, -4)} Fort McMurray Relocation: 8 h, "Office fit-out"`,
    );
    expect(added.text).toContain(
      `(nothing) -> ${addDays(MONDAY, -3)} Fort McMurray Relocation: 8 h, "Office fit-out"`,
    );

    const edited = await t.http('PUT', `/api/timesheets/${saved.body.entryIds[0]}`, {
      token: tokens[RITA],
      body: {
        projectId: 33,
        subProjectId: null,
        date: addDays(MONDAY, -4),
        hours: '6',
        overtimeHours: null,
        comment: 'Site visit',
        version: 1,
        confirmLate: true,
      },
    });
    expect(edited.status).toBe(200);
    const [changed] = (await smtp.waitFor(before + 2)).slice(before + 1);
    const late = addDays(MONDAY, -4);
    expect(changed.text).toContain(
      `Changed: ${late} Fort McMurray Relocation: 8 h, "Office fit-out" -> ${late} Fort McMurray Relocation: 6 h, "Site visit"`,
    );
    // One e-mail per command: no third mail arrives for the two-day batch.
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.mails.length).toBe(before + 2);
  });

  it('a sightstream person’s late entry is mailed to the sightstream admins, never to owner-1 ones', async () => {
    // Priya becomes an admin of owner 2 (the staff context's access change, as its command appends it).
    await appendDirectly(
      `staff-${PRIYA}`,
      'StaffAccessChanged',
      { staffId: PRIYA, isAdmin: true },
      'priya-admin',
    );
    const before = smtp.mails.length;
    const saved = await post(SAM, {
      projectId: 21,
      subProjectId: null,
      // The Friday before this week's Monday: a late entry.
      items: [item(addDays(MONDAY, -3), '8')],
      confirmLate: true,
    });
    expect(saved.status).toBe(201);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail.text).toContain('Sam Sightstream');
    expect(mail.to).toEqual(['priya.producer@sightstream.example', 'sofia.supervisor@sightstream.example']);
    // No second mail (to owner-1 admins) follows.
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.mails.slice(before).flatMap((m) => m.to)).toEqual([
      'priya.producer@sightstream.example',
      'sofia.supervisor@sightstream.example',
    ]);
  });
});
