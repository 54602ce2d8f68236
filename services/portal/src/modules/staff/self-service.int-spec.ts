// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
import type { TestApp } from '../../../test/app-harness';
import { eventLogChecks } from '../../../test/event-log';
import { startSignedIn } from '../../../test/signed-in';

const NOW = '2026-11-18T15:00:00.000Z';
const ALICE = 1; // admin, owner 1
const CARLOS = 3; // employee, owner 1
const DANA = 4; // employee, owner 1

describe('a person about themselves: /api/me/profile and /api/me/code-of-conduct', () => {
  let t: TestApp;
  let tokens: Record<number, string>;

  beforeAll(async () => {
    ({ t, tokens } = await startSignedIn([ALICE, CARLOS, DANA], { now: NOW, seedDemo: true }));
  });
  afterAll(() => t?.close());

  const { eventCount, expectRefused, eventsOf } = eventLogChecks(() => t, NOW);
  const as = (who: number) => ({ token: tokens[who] });

  it('answers the signed-in person their own profile, sensitive fields masked, empty ones null', async () => {
    const res = await t.http('GET', '/api/me/profile', as(CARLOS));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      staffId: CARLOS,
      email: 'carlos.contractor@smartwork.example',
      firstName: 'Carlos',
      middleName: null,
      lastName: 'Contractor',
      plain: {
        homePhone: null,
        mobilePhone: '+1 780 555 0103',
        personalEmail: null,
        businessName: 'Contractor Field Services Ltd.',
        address: '10220 104 Avenue NW',
        city: 'Edmonton',
        state: 'AB',
        postalCode: 'T5J 0H6',
      },
      sensitive: { dob: null, drivingLicenseNumber: null, drivingLicenseState: null },
    });
    const dana = await t.http('GET', '/api/me/profile', as(DANA));
    expect(dana.body).toMatchObject({ staffId: DANA, firstName: 'Dana', plain: { city: 'Vancouver' } });
    // Nobody reads another person's profile: the admin route refuses a non-admin before anything.
    await expectRefused(t.http('GET', `/api/admin/staff/${DANA}`, as(CARLOS)), 403);
  });

  it('reveals only their own sensitive field in the clear and records the reveal with them as actor', async () => {
    const set = await t.http('PUT', `/api/admin/staff/${CARLOS}`, {
      ...as(ALICE),
      body: { dob: '1988-04-23', drivingLicenseNumber: 'AB-556677', drivingLicenseState: 'AB' },
    });
    expect(set.status).toBe(200);
    const masked = await t.http('GET', '/api/me/profile', as(CARLOS));
    expect(masked.body.sensitive).toEqual({
      dob: '••••',
      drivingLicenseNumber: '•••• 6677',
      drivingLicenseState: '••••',
    });

    const reveal = await t.http('POST', '/api/me/profile/reveal', { ...as(CARLOS), body: { field: 'dob' } });
    expect(reveal.status).toBe(200);
    expect(reveal.body).toEqual({ field: 'dob', value: '1988-04-23' });
    const [revealed] = await eventsOf(`staff-${CARLOS}`, 'SensitiveFieldRevealed');
    expect(revealed.data).toEqual({ staffId: CARLOS, field: 'dob' });
    expect(revealed.metadata.actor).toEqual({ id: String(CARLOS), name: 'Carlos Contractor' });

    // Dana's reveal opens Dana's (empty) value, never Carlos's.
    const danas = await t.http('POST', '/api/me/profile/reveal', { ...as(DANA), body: { field: 'dob' } });
    expect(danas.body).toEqual({ field: 'dob', value: null });

    await expectRefused(
      t.http('POST', '/api/me/profile/reveal', { ...as(CARLOS), body: { field: 'bankAccountNumber' } }),
      400,
      [
        {
          path: 'field',
          message: "Field must be one of Date of Birth, Driver's Licence Number or Driver's Licence State",
        },
      ],
    );
  });

  it('records the acknowledgement once, with the person as actor and the time, and answers it after', async () => {
    const none = await t.http('GET', '/api/me/code-of-conduct', as(CARLOS));
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ name: 'Carlos Contractor', acknowledgedAt: null });

    await expectRefused(t.http('POST', '/api/me/code-of-conduct', { ...as(CARLOS), body: {} }), 400, [
      { path: 'acknowledged', message: 'Acknowledged must be true' },
    ]);
    await expectRefused(
      t.http('POST', '/api/me/code-of-conduct', {
        ...as(CARLOS),
        body: { acknowledged: true, user: 'dana' },
      }),
      400,
      [{ path: 'user', message: 'user is not a field of this request' }],
    );

    const done = await t.http('POST', '/api/me/code-of-conduct', {
      ...as(CARLOS),
      body: { acknowledged: true },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ name: 'Carlos Contractor', acknowledgedAt: NOW });
    const recorded = await eventsOf(`staff-${CARLOS}`, 'CodeOfConductAcknowledged');
    expect(recorded.map((e) => e.data)).toEqual([
      { staffId: CARLOS, name: 'Carlos Contractor', acknowledgedAt: NOW },
    ]);
    expect(recorded[0]!.metadata.actor).toEqual({ id: String(CARLOS), name: 'Carlos Contractor' });

    // Later, again: nothing more is recorded and the first time stands.
    t.clock.set(new Date('2026-11-18T16:05:00.000Z'));
    const before = await eventCount();
    const again = await t.http('POST', '/api/me/code-of-conduct', {
      ...as(CARLOS),
      body: { acknowledged: true },
    });
    expect(again.status).toBe(200);
    expect(again.body.acknowledgedAt).toBe(NOW);
    expect(await eventCount()).toBe(before);
    expect((await t.http('GET', '/api/me/code-of-conduct', as(CARLOS))).body).toEqual({
      name: 'Carlos Contractor',
      acknowledgedAt: NOW,
    });
    // Dana's own standing is untouched.
    expect((await t.http('GET', '/api/me/code-of-conduct', as(DANA))).body.acknowledgedAt).toBeNull();
  });

  it('shows admins who has acknowledged on the Staff Review list; others are refused', async () => {
    const list = await t.http('GET', '/api/admin/staff', as(ALICE));
    const byId = new Map(list.body.map((p: { staffId: number }) => [p.staffId, p]));
    expect(byId.get(CARLOS)).toMatchObject({ codeOfConductAcknowledgedAt: NOW });
    expect(byId.get(DANA)).toMatchObject({ codeOfConductAcknowledgedAt: null });
    await expectRefused(t.http('GET', '/api/admin/staff', as(CARLOS)), 403);
  });
});
