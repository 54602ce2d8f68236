import {
  addDays,
  mondayOfWeek,
  startOfMonthOffset,
  workingDaysBetween,
  ownerSettingsMessages,
  type AdminOwner,
  type AuditPage,
  type OwnerTimeZoneSaved,
  type MeResponse,
  type MonthAtAGlance,
  type PeriodBoard,
  type TimesheetList,
} from '@portal/contracts';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { runToday } from '../../../test/dates';
import { expectRefused } from '../../../test/event-log';

/*
 * Each owner's business dates are days of its own time zone (issue 25). The app is pinned at 03:00
 * UTC on a Monday: Sunday evening in Calgary (20:00 MST or 21:00 MDT), where the demo owners work.
 * A UTC rule would already live in Monday there.
 */
const ALICE = 1; // admin, owner 1
const CARLOS = 3; // contractor, owner 1 (roster: 12, 14, 33, 45, 61)
const SAM = 5; // sightstream, owner 2 (roster: 21, 22)
const SOFIA = 9; // sightstream admin, owner 2

/** The Monday after the run's week, and the Sunday before it: Calgary's "today" at 03:00 UTC on that Monday. */
const UTC_MONDAY = addDays(mondayOfWeek(runToday()), 7);
const CALGARY_SUNDAY = addDays(UTC_MONDAY, -1);
const CALGARY_EVENING = `${UTC_MONDAY}T03:00:00.000Z`;

let t: TestApp;
let alice: string;
let carlos: string;
let sam: string;
let sofia: string;

beforeAll(async () => {
  // Calgary whatever zone the run's portals use (PORTAL_TIME_ZONE): this file is about Calgary.
  t = await startTestApp({
    now: CALGARY_EVENING,
    seedDemo: true,
    env: { PORTAL_TIME_ZONE: 'America/Edmonton' },
  });
  await t.projectionsCaughtUp();
  [alice, carlos, sam, sofia] = await Promise.all([
    t.signIn(ALICE),
    t.signIn(CARLOS),
    t.signIn(SAM),
    t.signIn(SOFIA),
  ]);
});

afterAll(async () => {
  await t?.close();
});

const me = async (token: string) => (await t.http<MeResponse>('GET', '/api/me', { token })).body;
const today = async (token: string) =>
  (await t.http<MonthAtAGlance>('GET', '/api/me/month', { token })).body.today;

function recordTime(token: string, projectId: number, date: string, confirmLate = false) {
  return t.http('POST', '/api/timesheets', {
    token,
    body: {
      projectId,
      subProjectId: null,
      items: [{ date, hours: '2', overtimeHours: null, comment: 'Evening site visit' }],
      confirmLate,
    },
  });
}

const setZone = (token: string, ownerId: number, timeZone: unknown) =>
  t.http<Partial<OwnerTimeZoneSaved> & { problems?: unknown }>(
    'PUT',
    `/api/admin/owners/${ownerId}/time-zone`,
    { token, body: { timeZone } },
  );

describe("an owner's time zone", () => {
  it("tells the web the zone of the signed-in person's owner", async () => {
    expect(await me(carlos)).toMatchObject({ ownerId: 1, timeZone: 'America/Edmonton' });
    expect(await me(sam)).toMatchObject({ ownerId: 2, timeZone: 'America/Edmonton' });
  });

  it("gives Calgary's date, not the UTC one, on a Calgary evening", async () => {
    expect(await today(carlos)).toBe(CALGARY_SUNDAY);
  });

  it("counts late entry from Calgary's Monday: Saturday is this week, the Sunday before is not", async () => {
    // In UTC it is already the next week, whose Monday would make Saturday late.
    const saturday = addDays(CALGARY_SUNDAY, -1);
    expect((await recordTime(carlos, 12, saturday)).status).toBe(201);
    const lastWeek = addDays(mondayOfWeek(CALGARY_SUNDAY), -1);
    const late = await recordTime(carlos, 12, lastWeek);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ problems: [expect.objectContaining({ path: 'confirmLate' })] });
  });

  it("opens the entry window by Calgary's month on the evening of a month's last day there", async () => {
    // 03:00 UTC on the 1st: still the last day of the month before in Calgary, whose window
    // reaches back to the 1st of the month two before it (a UTC rule would start a month later).
    const firstOfMonth = startOfMonthOffset(UTC_MONDAY, 1);
    t.clock.set(new Date(`${firstOfMonth}T03:00:00.000Z`));
    try {
      const token = await t.signIn(CARLOS);
      const calgaryToday = addDays(firstOfMonth, -1);
      expect(await today(token)).toBe(calgaryToday);
      const oldest = startOfMonthOffset(calgaryToday, -2);
      expect((await recordTime(token, 14, oldest, true)).status).toBe(201);
      const outside = await recordTime(token, 14, addDays(oldest, -1), true);
      expect(outside.status).toBe(400);
      expect(outside.body).toMatchObject({ problems: [expect.objectContaining({ path: 'items.0.date' })] });
    } finally {
      t.clock.set(new Date(CALGARY_EVENING));
    }
  });

  it('refuses an unknown zone naming the field, and other owners or non-admins, recording nothing', async () => {
    await expectRefused(t, setZone(alice, 1, 'Mars/Olympus'), 400, [
      { path: 'timeZone', message: ownerSettingsMessages.timeZoneUnknown },
    ]);
    await expectRefused(t, setZone(alice, 1, ''), 400, [
      { path: 'timeZone', message: ownerSettingsMessages.timeZoneRequired },
    ]);
    await expectRefused(t, setZone(sofia, 1, 'Asia/Kolkata'), 403);
    await expectRefused(t, setZone(carlos, 1, 'Asia/Kolkata'), 403);
  });

  it('an owner set to Kolkata lives in its early morning while Calgary is still in the afternoon', async () => {
    const saved = await setZone(sofia, 2, ' Asia/Kolkata ');
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ownerId: 2, timeZone: 'Asia/Kolkata' });
    expect(saved.body.position).not.toBeNull();
    const owners = (await t.http<AdminOwner[]>('GET', '/api/admin/owners', { token: sofia })).body;
    expect(owners).toEqual([
      expect.objectContaining({ ownerId: 2, timeZone: 'Asia/Kolkata', timeZoneIsDefault: false }),
    ]);
    expect(await me(sam)).toMatchObject({ timeZone: 'Asia/Kolkata' });

    // 20:00 UTC on the Sunday: 01:30 on Monday in Kolkata, 13:00 or 14:00 on Sunday in Calgary.
    t.clock.set(new Date(`${CALGARY_SUNDAY}T20:00:00.000Z`));
    const [samToday, carlosToday] = await Promise.all([
      today(await t.signIn(SAM)),
      today(await t.signIn(CARLOS)),
    ]);
    expect(samToday).toBe(UTC_MONDAY);
    expect(carlosToday).toBe(CALGARY_SUNDAY);
    // Kolkata's week began: Sam's Sunday is late there (in UTC it would still be this week).
    const late = await recordTime(await t.signIn(SAM), 21, CALGARY_SUNDAY);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ problems: [expect.objectContaining({ path: 'confirmLate' })] });
    t.clock.set(new Date(CALGARY_EVENING));
  });

  it("counts each person's missing days on the board to their owner's today, not the viewer's", async () => {
    // A working day's afternoon in Calgary is already the next morning in Kolkata (owner 2 now):
    // the day is over for Sam, not for Carlos, on the board Alice reads.
    const day = workingDaysBetween(addDays(UTC_MONDAY, 1), addDays(UTC_MONDAY, 14))[0]!;
    t.clock.set(new Date(`${day}T20:00:00.000Z`));
    try {
      const board = await t.http<PeriodBoard>('GET', '/api/periods/board', { token: await t.signIn(ALICE) });
      expect(board.body.months[1]).toBe(day.slice(0, 7));
      const missing = (id: number) => board.body.people.find((p) => p.employeeId === id)!.missingDays[1];
      expect(missing(SAM)).toContain(day);
      expect(missing(CARLOS)).not.toContain(day);
    } finally {
      t.clock.set(new Date(CALGARY_EVENING));
    }
  });

  it("changing the zone moves no one's entries to another day", async () => {
    const saturday = addDays(CALGARY_SUNDAY, -1);
    const listed = async () => {
      const query = `start=${saturday}&end=${saturday}`;
      const res = await t.http<TimesheetList>('GET', `/api/timesheets?${query}`, { token: carlos });
      return res.body.rows.map((row) => `${row.date} ${row.hours}`);
    };
    const before = await listed();
    expect(before).toContain(`${saturday} 2`);
    expect((await setZone(alice, 1, 'Asia/Kolkata')).status).toBe(200);
    expect(await listed()).toEqual(before);
    expect((await setZone(alice, 1, 'America/Edmonton')).status).toBe(200);
  });

  it('the audit shows the change with its before and after', async () => {
    const page = await t.http<AuditPage>('GET', '/api/audit/events?entityKind=owner&entityId=2', {
      token: alice,
    });
    const set = page.body.entries.find((e) => e.eventType === 'OwnerTimeZoneSet');
    expect(set).toMatchObject({
      actorId: String(SOFIA),
      changes: [{ field: 'timeZone', before: null, after: 'Asia/Kolkata' }],
    });
  });
});
