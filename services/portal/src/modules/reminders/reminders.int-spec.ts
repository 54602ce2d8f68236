// Fixed dates: a scripted week of its own (Monday 2026-11-16 to Friday 2026-11-20), the app's clock moved through it.
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { createTestDatabase, type TestDatabase } from '../../../test/services';
import { eventually } from '../../../test/waiting';
import { RemindersRunProcessor, type ReminderKind } from './reactions/reminders-run.processor';

/*
 * A scripted week, Monday 2026-11-16 to Friday 2026-11-20, each morning at 08:00 in Edmonton
 * (15:00 UTC). The demo seed, made on the Monday, gives Carlos, Dana and Sam their time up to
 * Friday the 13th; Alice, Rita and Priya (on the roster too) have none; Priya is on leave on the
 * 19th; Wednesday the 11th is a public holiday. Ivan is inactive; Bruno and Sofia are on no roster.
 */
const ALICE = 1;
const CARLOS = 3;
const DANA = 4;
const SAM = 5;
const MONDAY = '2026-11-16';
const morning = (date: string) => new Date(`${date}T15:00:00.000Z`);

interface KeptMail {
  to: string;
  subject: string;
  text: string;
}

/** The reminders in the outbox, by recipient (names shortened to their first word). */
async function reminders(db: TestDatabase, subject: string): Promise<KeptMail[]> {
  const rows = await db.db
    .selectFrom('mail_outbox')
    .select(['to', 'subject', 'text'])
    .where('subject', 'like', subject)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({ to: String((row.to as string[])[0]), subject: row.subject, text: row.text }));
}

/** The same, by recipient (mails of one run are kept in no particular order). */
async function byRecipient(db: TestDatabase, subject: string): Promise<KeptMail[]> {
  return (await reminders(db, subject)).sort((a, b) => a.to.localeCompare(b.to));
}

/** 'carlos: Mon 16 Nov 2026, Tue 17 Nov 2026' for each missing-time mail kept. */
async function missingTimeLines(db: TestDatabase): Promise<string[]> {
  return (await reminders(db, 'Your timesheet: time missing on %')).map((mail) => {
    const days = /You have no time recorded for: (.*)\./.exec(mail.text)?.[1] ?? '?';
    return `${mail.to.split(/[.@]/)[0]}: ${days}`;
  });
}

describe('reminders over a scripted week', () => {
  let database: TestDatabase;
  let t: TestApp;
  let seen: number;

  async function start(seedDemo: boolean): Promise<void> {
    t = await startTestApp({
      now: morning(MONDAY),
      seedDemo,
      database,
      env: { REMINDERS_WAITING_DAYS: '2', PORTAL_URL: 'https://portal.smartwork.example' },
    });
  }

  /** A fresh sign-in at the clock's time (a token of Monday's no longer holds on Friday). */
  const as = (who: number) => t.signIn(who);

  /** Runs a reminder as the morning's job does, then waits until every mail job it added has run. */
  async function run(reminder: ReminderKind, date: string): Promise<void> {
    t.clock.set(morning(date));
    await t.app.get(RemindersRunProcessor).process({ reminder });
    await eventually(async () => {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from jobs
         where name = 'reminder-mail' and state not in ('completed', 'failed')`.execute(database.db);
      return rows[0]!.waiting === 0;
    });
  }

  /** The missing-time mails kept since the last call. */
  async function newMissingTime(): Promise<string[]> {
    const all = await missingTimeLines(database);
    const fresh = all.slice(seen);
    seen = all.length;
    // Mail jobs run side by side: the order they are kept in is not the order they were decided in.
    return fresh.sort();
  }

  async function recordTime(who: number, projectId: number, date: string): Promise<void> {
    const res = await t.http('POST', '/api/timesheets', {
      token: await as(who),
      body: {
        projectId,
        subProjectId: null,
        items: [{ date, hours: '8', overtimeHours: null, comment: 'Site work' }],
        confirmLate: false,
      },
    });
    expect(res.status).toBe(201);
  }

  beforeAll(async () => {
    database = await createTestDatabase(4);
    seen = 0;
    await start(true);
  });

  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it("Monday: everyone on the roster without last week's time gets one mail, holidays excepted", async () => {
    await run('missing-time', MONDAY);
    expect(await newMissingTime()).toEqual([
      'alice: Mon 9 Nov 2026, Tue 10 Nov 2026, Thu 12 Nov 2026, Fri 13 Nov 2026',
      'priya: Mon 9 Nov 2026, Tue 10 Nov 2026, Thu 12 Nov 2026, Fri 13 Nov 2026',
      'rita: Mon 9 Nov 2026, Tue 10 Nov 2026, Thu 12 Nov 2026, Fri 13 Nov 2026',
    ]);
    const mail = (await reminders(database, 'Your timesheet: time missing on %')).find(
      (kept) => kept.to === 'alice.admin@smartwork.example',
    );
    expect(mail!.text).toContain('https://portal.smartwork.example/timesheets/create');
  });

  it('a second run, and a restart of the portal on the same database, send nothing twice', async () => {
    await run('missing-time', MONDAY);
    await t.close();
    await start(false);
    await run('missing-time', MONDAY);
    expect(await newMissingTime()).toEqual([]);
  });

  it('Tuesday to Friday: recorded days, an opt-out and leave take people off the list', async () => {
    // Monday's afternoon: Carlos records Monday; three periods of October are verified.
    t.clock.set(new Date('2026-11-16T16:00:00.000Z'));
    await recordTime(CARLOS, 12, MONDAY);
    for (const [who, projectId] of [
      [CARLOS, 12],
      [DANA, 18],
      [SAM, 21],
    ] as const) {
      const res = await t.http('POST', '/api/ledgers/me/2026-10/verify', {
        token: await as(who),
        body: { projectId },
      });
      expect(res.status).toBe(201);
    }

    await run('missing-time', '2026-11-17');
    expect(await newMissingTime()).toEqual([
      'alice: Tue 10 Nov 2026, Thu 12 Nov 2026, Fri 13 Nov 2026, Mon 16 Nov 2026',
      'dana: Mon 16 Nov 2026',
      'priya: Tue 10 Nov 2026, Thu 12 Nov 2026, Fri 13 Nov 2026, Mon 16 Nov 2026',
      'rita: Tue 10 Nov 2026, Thu 12 Nov 2026, Fri 13 Nov 2026, Mon 16 Nov 2026',
      'sam: Mon 16 Nov 2026',
    ]);

    // Tuesday: Dana turns the mail off on her profile; Alice approves Dana's October.
    const off = await t.http('PUT', '/api/reminders/preferences', {
      token: await as(DANA),
      body: { missingTimeEmail: false },
    });
    expect(off.status).toBe(200);
    expect((await t.http('GET', '/api/reminders/preferences', { token: await as(DANA) })).body).toEqual({
      missingTimeEmail: false,
    });
    const approved = await t.http('POST', '/api/admin/review/approve', {
      token: await as(ALICE),
      body: { employeeId: DANA, projectId: 18, start: '2026-10-01', end: '2026-10-31' },
    });
    expect(approved.status).toBe(200);

    await run('missing-time', '2026-11-18');
    expect(await newMissingTime()).toEqual([
      'alice: Thu 12 Nov 2026, Fri 13 Nov 2026, Mon 16 Nov 2026, Tue 17 Nov 2026',
      'carlos: Tue 17 Nov 2026',
      'priya: Thu 12 Nov 2026, Fri 13 Nov 2026, Mon 16 Nov 2026, Tue 17 Nov 2026',
      'rita: Thu 12 Nov 2026, Fri 13 Nov 2026, Mon 16 Nov 2026, Tue 17 Nov 2026',
      'sam: Mon 16 Nov 2026, Tue 17 Nov 2026',
    ]);

    await run('missing-time', '2026-11-20');
    // Priya's leave on Thursday the 19th is no missing day.
    expect(await newMissingTime()).toEqual([
      'alice: Fri 13 Nov 2026, Mon 16 Nov 2026, Tue 17 Nov 2026, Wed 18 Nov 2026, Thu 19 Nov 2026',
      'carlos: Tue 17 Nov 2026, Wed 18 Nov 2026, Thu 19 Nov 2026',
      'priya: Fri 13 Nov 2026, Mon 16 Nov 2026, Tue 17 Nov 2026, Wed 18 Nov 2026',
      'rita: Fri 13 Nov 2026, Mon 16 Nov 2026, Tue 17 Nov 2026, Wed 18 Nov 2026, Thu 19 Nov 2026',
      'sam: Mon 16 Nov 2026, Tue 17 Nov 2026, Wed 18 Nov 2026, Thu 19 Nov 2026',
    ]);
  });

  it('the digest lists exactly the periods verified more than N days ago and not approved', async () => {
    // Thursday: verified 2 days 23 hours ago, which is not more than 2 days.
    await run('waiting-periods', '2026-11-19');
    expect(await reminders(database, '%for approval')).toEqual([]);

    await run('waiting-periods', '2026-11-20');
    const digests = await byRecipient(database, '%for approval');
    expect(digests.map((d) => [d.to, d.subject])).toEqual([
      ['alice.admin@smartwork.example', '2 verified periods wait for approval'],
      ['bruno.billing@smartwork.example', '2 verified periods wait for approval'],
      ['sofia.supervisor@sightstream.example', '1 verified period waits for approval'],
    ]);
    const lines = (text: string) => text.split('\n').filter((line) => line.startsWith('- '));
    expect(lines(digests[0]!.text)).toEqual([
      expect.stringMatching(
        /^- Carlos Contractor, .*, October 2026: 3 days waiting\. Review: https:\/\/portal\.smartwork\.example\/admin\/timesheets\/review\?employeeId=3&projectId=12&month=2026-10$/,
      ),
      expect.stringMatching(
        /^- Sam Sightstream, .*, October 2026: 3 days waiting\. Review: .*employeeId=5&projectId=21&month=2026-10$/,
      ),
    ]);
    // The sightstream admin's digest holds owner 2 only.
    expect(lines(digests[2]!.text)).toEqual([expect.stringMatching(/^- Sam Sightstream, /)]);

    // Friday again, after a restart: no digest twice.
    await t.close();
    await start(false);
    t.clock.set(morning('2026-11-20'));
    await run('waiting-periods', '2026-11-20');
    expect(await reminders(database, '%for approval')).toHaveLength(3);
  });

  it('turning the mail back on brings it back the next morning', async () => {
    const on = await t.http('PUT', '/api/reminders/preferences', {
      token: await as(DANA),
      body: { missingTimeEmail: true },
    });
    expect(on.status).toBe(200);
    await run('missing-time', '2026-11-23');
    expect((await newMissingTime()).filter((line) => line.startsWith('dana'))).toEqual([
      'dana: Mon 16 Nov 2026, Tue 17 Nov 2026, Wed 18 Nov 2026, Thu 19 Nov 2026, Fri 20 Nov 2026',
    ]);
  });

  it('refuses a preference that is not true or false, naming the field, and changes nothing', async () => {
    const res = await t.http('PUT', '/api/reminders/preferences', {
      token: await as(CARLOS),
      body: { missingTimeEmail: 'sometimes' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('missingTimeEmail');
    expect((await t.http('GET', '/api/reminders/preferences', { token: await as(CARLOS) })).body).toEqual({
      missingTimeEmail: true,
    });
  });

  it("each owner's reminders go out at 08:00 of its own zone, and only then", async () => {
    const SOFIA = 9; // sightstream admin, owner 2
    const kolkata = await t.http('PUT', '/api/admin/owners/2/time-zone', {
      token: await as(SOFIA),
      body: { timeZone: 'Asia/Kolkata' },
    });
    expect(kolkata.status).toBe(200);
    const processor = t.app.get(RemindersRunProcessor);
    const runAt = async (instant: string) => {
      t.clock.set(new Date(instant));
      return (await processor.process({ reminder: 'missing-time' })).runs.map((r) => `${r.ownerId} ${r.day}`);
    };
    // 08:00 in Kolkata on Tuesday the 24th is 02:30 UTC (19:30 on Monday in Calgary).
    expect(await runAt('2026-11-24T02:30:00.000Z')).toEqual(['2 2026-11-24']);
    // 08:00 in Calgary (15:00 UTC) is 20:30 in Kolkata: only owner 1.
    expect(await runAt('2026-11-24T15:00:00.000Z')).toEqual(['1 2026-11-24']);
    expect(await runAt('2026-11-24T16:00:00.000Z')).toEqual([]);
  });
});
