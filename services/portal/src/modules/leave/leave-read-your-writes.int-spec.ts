import { addDays, businessDateIn, type LeaveView } from '@portal/contracts';
import { testTimeZone } from '../../../test/dates';
import { startTestApp, testNow, type TestApp } from '../../../test/app-harness';
import { EventStore } from '../../platform/event-store/event-store.port';

/*
 * Read-your-writes of a leave edit, with the read model left behind on purpose: this app runs no
 * projector and does not wait for one (PROJECTION_WAIT_MS 0), as when the projector lags. An edit
 * or a removal right after the request still finds the leave: they are decided on the person's own
 * stream, not on what the read model shows.
 */
let t: TestApp;
const CARLOS = 3; // employee, owner 1
const DANA = 4; // employee, owner 1
let carlos: string;
let dana: string;

const today = businessDateIn(new Date(testNow()), testTimeZone());
const vacation = {
  leaveType: 'Vacation',
  fromDate: addDays(today, 40),
  toDate: addDays(today, 41),
  notes: 'Trip',
};

beforeAll(async () => {
  t = await startTestApp({ seedDemo: true, roles: 'api,worker', env: { PROJECTION_WAIT_MS: '0' } });
  [carlos, dana] = await Promise.all([CARLOS, DANA].map((id) => t.signIn(id)));
});

afterAll(() => t?.close());

describe('a leave just requested, before the read model shows it', () => {
  it('can be edited and then removed at once', async () => {
    const created = await t.http('POST', '/api/leave', { token: carlos, body: vacation });
    expect(created.status).toBe(201);
    const id = created.body.leaveId as string;
    // The read model is behind: the list does not show the leave yet.
    const shown = async () =>
      ((await t.http('GET', '/api/leave', { token: carlos })).body as LeaveView[]).map((l) => l.leaveId);
    expect(await shown()).not.toContain(id);

    const edited = await t.http('PUT', `/api/leave/${id}`, {
      token: carlos,
      body: { ...vacation, notes: 'Trip, two days', version: 1 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.leaveId).toBe(id);
    // Someone else cannot reach it through their own stream: 404, nothing recorded for them.
    expect(
      (await t.http('PUT', `/api/leave/${id}`, { token: dana, body: { ...vacation, version: 2 } })).status,
    ).toBe(404);
    expect((await t.http('DELETE', `/api/leave/${id}`, { token: carlos })).status).toBe(200);

    const events = await t.app.get(EventStore).readStream(`leave-${CARLOS}`);
    expect(events.filter((e) => (e.data as { leaveId?: string }).leaveId === id).map((e) => e.type)).toEqual([
      'LeaveRequested',
      'LeaveChanged',
      'LeaveRemoved',
    ]);
    expect(await t.app.get(EventStore).readStream(`leave-${DANA}`)).toEqual([]);
  });
});
