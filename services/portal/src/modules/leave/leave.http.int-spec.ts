import { testTimeZone } from '../../../test/dates';
import {
  addDays,
  businessDateIn,
  leaveMessages,
  type LeaveView,
  type TeamLeaveAnswer,
} from '@portal/contracts';
import { startTestApp, testNow, type TestApp } from '../../../test/app-harness';
import { eventLogChecks } from '../../../test/event-log';
import { EventStore } from '../../platform/event-store/event-store.port';

/* The leave API over the seeded demo people, through the whole app. */
let t: TestApp;
const { eventCount, expectRefused } = eventLogChecks(() => t, testNow());

const ALICE = 1; // admin, owner 1
const CARLOS = 3; // employee, owner 1
const DANA = 4; // employee, owner 1
const SAM = 5; // employee, owner 2
const SOFIA = 9; // sightstream admin, owner 2

// Dates count from the run's pinned "now", so the spec passes on any day of the year.
const today = businessDateIn(new Date(testNow()), testTimeZone());
const day = (n: number) => addDays(today, n);

const vacation = { leaveType: 'Vacation', fromDate: day(20), toDate: day(24), notes: 'Family trip' };

let alice: string;
let carlos: string;
let dana: string;
let sam: string;
let sofia: string;

beforeAll(async () => {
  t = await startTestApp({ seedDemo: true });
  [alice, carlos, dana, sam, sofia] = await Promise.all(
    [ALICE, CARLOS, DANA, SAM, SOFIA].map((id) => t.signIn(id)),
  );
});

afterAll(async () => {
  await t?.close();
});

async function request(token: string, body: object): Promise<string> {
  const res = await t.http('POST', '/api/leave', { token, body });
  expect(res.status).toBe(201);
  return res.body.leaveId as string;
}

async function ownLeave(token: string): Promise<LeaveView[]> {
  const res = await t.http('GET', '/api/leave', { token });
  expect(res.status).toBe(200);
  return res.body as LeaveView[];
}

describe('a person’s own leave: add, edit, delete', () => {
  it('adds a leave, lists it, edits it (before → after, with the actor), and deletes it', async () => {
    const id = await request(carlos, vacation);
    expect(await ownLeave(carlos)).toEqual([{ leaveId: id, ...vacation, version: 1 }]);

    const changed = await t.http('PUT', `/api/leave/${id}`, {
      token: carlos,
      body: { ...vacation, leaveType: 'Personal', notes: 'Moving house', version: 1 },
    });
    expect(changed.status).toBe(200);
    const events = await t.app.get(EventStore).readStream(`leave-${CARLOS}`);
    expect(events.map((e) => e.type)).toEqual(['LeaveRequested', 'LeaveChanged']);
    expect(events[1].data).toEqual({
      leaveId: id,
      employeeId: CARLOS,
      before: { leaveType: 'Vacation', notes: 'Family trip' },
      after: { leaveType: 'Personal', notes: 'Moving house' },
    });
    expect(events[1].metadata.actor).toEqual({ id: String(CARLOS), name: 'Carlos Contractor' });
    expect(await ownLeave(carlos)).toEqual([
      { leaveId: id, ...vacation, leaveType: 'Personal', notes: 'Moving house', version: 2 },
    ]);

    // The same form again records nothing.
    const before = await eventCount();
    const same = await t.http('PUT', `/api/leave/${id}`, {
      token: carlos,
      body: { ...vacation, leaveType: 'Personal', notes: 'Moving house', version: 2 },
    });
    expect(same.status).toBe(200);
    expect(await eventCount()).toBe(before);

    const removed = await t.http('DELETE', `/api/leave/${id}`, { token: carlos });
    expect(removed.status).toBe(200);
    expect(await ownLeave(carlos)).toEqual([]);
    const history = await t.app.get(EventStore).readStream(`leave-${CARLOS}`);
    expect(history[history.length - 1]).toMatchObject({
      type: 'LeaveRemoved',
      data: { leaveId: id, employeeId: CARLOS },
    });
    expect((await t.http('DELETE', `/api/leave/${id}`, { token: carlos })).status).toBe(404);
  });

  it('a stale edit (another tab saved first) is 409 with the leave as it is now, and changes nothing', async () => {
    const id = await request(dana, vacation);
    const first = await t.http('PUT', `/api/leave/${id}`, {
      token: dana,
      body: { ...vacation, notes: 'Longer trip', version: 1 },
    });
    expect(first.status).toBe(200);
    const current = { leaveId: id, ...vacation, notes: 'Longer trip', version: 2 };
    const stale = await expectRefused(
      t.http('PUT', `/api/leave/${id}`, {
        token: dana,
        body: { ...vacation, leaveType: 'Personal', version: 1 },
      }),
      409,
    );
    expect(stale.body.message).toBe(leaveMessages.staleVersion);
    expect(stale.body.current).toEqual(current);
    expect(await ownLeave(dana)).toEqual([current]);
    // Saved again on the current version, it goes through.
    const again = await t.http('PUT', `/api/leave/${id}`, {
      token: dana,
      body: { ...vacation, leaveType: 'Personal', version: 2 },
    });
    expect(again.status).toBe(200);
    expect((await ownLeave(dana))[0]).toMatchObject({ leaveType: 'Personal', version: 3 });
    const missing = await expectRefused(
      t.http('PUT', `/api/leave/${id}`, { token: dana, body: vacation }),
      400,
    );
    expect(missing.body.problems).toEqual([{ path: 'version', message: leaveMessages.versionRequired }]);
    await t.http('DELETE', `/api/leave/${id}`, { token: dana });
  });

  it('each person sees only their own leave', async () => {
    const id = await request(dana, { ...vacation, notes: 'Dana away' });
    expect((await ownLeave(dana)).map((l) => l.leaveId)).toContain(id);
    expect((await ownLeave(carlos)).map((l) => l.leaveId)).not.toContain(id);
    await t.http('DELETE', `/api/leave/${id}`, { token: dana });
  });
});

describe('refusals change nothing', () => {
  it('answers 400 naming each missing field with the spec’s message', async () => {
    await expectRefused(t.http('POST', '/api/leave', { token: carlos, body: {} }), 400, [
      { path: 'leaveType', message: 'Leave Type is required.' },
      { path: 'fromDate', message: 'From is required.' },
      { path: 'toDate', message: 'To is required.' },
      { path: 'notes', message: 'Notes is required.' },
    ]);
  });

  it('refuses an unknown type, a bad date, an unknown field, and To before From', async () => {
    await expectRefused(
      t.http('POST', '/api/leave', {
        token: carlos,
        body: { ...vacation, leaveType: 'Sabbatical', fromDate: `${today.slice(0, 4)}-02-30`, extra: 1 },
      }),
      400,
      [
        { path: 'leaveType', message: leaveMessages.notALeaveType },
        { path: 'fromDate', message: 'From must be a date (YYYY-MM-DD).' },
        { path: 'extra', message: 'extra is not a field of this request' },
      ],
    );
    await expectRefused(
      t.http('POST', '/api/leave', {
        token: carlos,
        body: { ...vacation, fromDate: day(5), toDate: day(4) },
      }),
      400,
      [{ path: 'toDate', message: 'To must not be before From.' }],
    );
  });

  it('refuses a leave overlapping one of the person’s own, naming it; another person may overlap', async () => {
    const id = await request(carlos, vacation);
    await expectRefused(
      t.http('POST', '/api/leave', {
        token: carlos,
        body: { leaveType: 'Sick', fromDate: day(24), toDate: day(26), notes: 'Flu' },
      }),
      400,
      [
        {
          path: 'fromDate',
          message: `This leave overlaps your Vacation leave from ${day(20)} to ${day(24)}.`,
        },
      ],
    );
    const danas = await request(dana, {
      leaveType: 'Sick',
      fromDate: day(24),
      toDate: day(26),
      notes: 'Flu',
    });

    // An edit into another of the person's leaves is refused too.
    const sick = await request(carlos, {
      leaveType: 'Sick',
      fromDate: day(30),
      toDate: day(30),
      notes: 'Dentist',
    });
    await expectRefused(
      t.http('PUT', `/api/leave/${sick}`, {
        token: carlos,
        body: { leaveType: 'Sick', fromDate: day(22), toDate: day(22), notes: 'Dentist', version: 1 },
      }),
      400,
      [
        {
          path: 'fromDate',
          message: `This leave overlaps your Vacation leave from ${day(20)} to ${day(24)}.`,
        },
      ],
    );
    for (const [token, leaveId] of [
      [carlos, id],
      [carlos, sick],
      [dana, danas],
    ])
      await t.http('DELETE', `/api/leave/${leaveId}`, { token });
  });

  it('another person’s leave id is 403 for edit and delete, also for an admin; an unknown id is 404', async () => {
    const id = await request(carlos, vacation);
    for (const token of [dana, alice]) {
      await expectRefused(
        t.http('PUT', `/api/leave/${id}`, { token, body: { ...vacation, version: 1 } }),
        403,
      );
      await expectRefused(t.http('DELETE', `/api/leave/${id}`, { token }), 403);
    }
    // Forbidden before the body is read: a bad body on someone else's leave is still 403, not 400.
    await expectRefused(t.http('PUT', `/api/leave/${id}`, { token: dana, body: { leaveType: 'Nap' } }), 403);
    await expectRefused(
      t.http('PUT', '/api/leave/0a0a0a0a-0a0a-5a0a-8a0a-0a0a0a0a0a0a', {
        token: carlos,
        body: { ...vacation, version: 1 },
      }),
      404,
    );
    await expectRefused(t.http('DELETE', '/api/leave/not-an-id', { token: carlos }), 404);
    expect((await ownLeave(carlos)).map((l) => l.leaveId)).toEqual([id]);
    await t.http('DELETE', `/api/leave/${id}`, { token: carlos });
  });

  it('nobody signed in is 401', async () => {
    expect((await t.http('GET', '/api/leave')).status).toBe(401);
  });
});

describe('leave days for the timesheet calendar', () => {
  it('answers each of the person’s leave days within the period, and only theirs', async () => {
    const id = await request(carlos, {
      leaveType: 'Work From Home',
      fromDate: day(40),
      toDate: day(42),
      notes: 'Home',
    });
    await request(dana, { leaveType: 'Sick', fromDate: day(40), toDate: day(40), notes: 'Flu' });
    const res = await t.http('GET', `/api/leave/days?start=${day(41)}&end=${day(50)}`, { token: carlos });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { date: day(41), leaveType: 'Work From Home' },
      { date: day(42), leaveType: 'Work From Home' },
    ]);
    const bad = await t.http('GET', `/api/leave/days?start=${day(5)}&end=${day(4)}`, { token: carlos });
    expect(bad.status).toBe(400);
    expect(bad.body.problems).toEqual([{ path: 'end', message: 'End must not be before Start.' }]);
    await t.http('DELETE', `/api/leave/${id}`, { token: carlos });
  });
});

describe('the team’s leave (admins, read only)', () => {
  const period = `start=${day(60)}&end=${day(90)}`;
  let carlosLeave: string;
  let samLeave: string;

  beforeAll(async () => {
    carlosLeave = await request(carlos, {
      leaveType: 'Vacation',
      fromDate: day(61),
      toDate: day(65),
      notes: 'Away',
    });
    samLeave = await request(sam, {
      leaveType: 'Personal',
      fromDate: day(70),
      toDate: day(71),
      notes: 'Errand',
    });
  });

  it('an admin sees everyone’s leave in the period and can filter by person', async () => {
    const res = await t.http<TeamLeaveAnswer>('GET', `/api/admin/leave?${period}`, { token: alice });
    expect(res.status).toBe(200);
    expect(res.body.leaves.map((l) => [l.leaveId, l.employeeName])).toEqual([
      [carlosLeave, 'Carlos Contractor'],
      [samLeave, expect.any(String)],
    ]);
    const one = await t.http<TeamLeaveAnswer>('GET', `/api/admin/leave?${period}&employeeId=${SAM}`, {
      token: alice,
    });
    expect(one.body.leaves.map((l) => l.leaveId)).toEqual([samLeave]);
  });

  it('a sightstream admin sees only owner-2 people, and asking for another is 403', async () => {
    const res = await t.http<TeamLeaveAnswer>('GET', `/api/admin/leave?${period}`, { token: sofia });
    expect(res.status).toBe(200);
    expect(res.body.leaves.map((l) => l.leaveId)).toEqual([samLeave]);
    expect(res.body.people.map((p) => p.staffId)).not.toContain(CARLOS);
    const other = await t.http('GET', `/api/admin/leave?${period}&employeeId=${CARLOS}`, { token: sofia });
    expect(other.status).toBe(403);
  });

  it('the demo seed’s leave coming up is there: Bruno’s week away, and Priya’s day at home for owner 2', async () => {
    const seeded = `start=${day(0)}&end=${day(14)}`;
    const all = await t.http<TeamLeaveAnswer>('GET', `/api/admin/leave?${seeded}`, { token: alice });
    expect(all.body.leaves.map((l) => [l.employeeName, l.leaveType, l.fromDate, l.toDate])).toEqual([
      ['Priya Producer', 'Work From Home', day(3), day(3)],
      ['Bruno Billing', 'Vacation', day(7), day(11)],
    ]);
    const owner2 = await t.http<TeamLeaveAnswer>('GET', `/api/admin/leave?${seeded}`, { token: sofia });
    expect(owner2.body.leaves.map((l) => l.employeeName)).toEqual(['Priya Producer']);
  });

  it('a regular employee is 403; a bad period names the field', async () => {
    expect((await t.http('GET', `/api/admin/leave?${period}`, { token: carlos })).status).toBe(403);
    const bad = await t.http('GET', `/api/admin/leave?start=${day(1)}`, { token: alice });
    expect(bad.status).toBe(400);
    expect(bad.body.problems).toEqual([{ path: 'end', message: 'End is required.' }]);
  });
});
