// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { eventLogChecks, problemsOf } from '../../../test/event-log';
import { eventually } from '../../../test/waiting';
import { registeredPerson } from './domain/registered-fixture';

const NOW = '2026-11-18T15:00:00.000Z';
const ALICE = 1; // admin, owner 1
const CARLOS = 3; // employee, owner 1
const SAM = 5; // owner 2
const RITA = 6; // owner 1
const SOFIA = 9; // sightstream admin, owner 2

describe('Staff Review: /api/admin/staff', () => {
  let t: TestApp;
  const tokens: Record<number, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ now: NOW, seedDemo: true });
    for (const id of [ALICE, CARLOS, SAM, RITA, SOFIA]) tokens[id] = await t.signIn(id);
  });
  afterAll(() => t?.close());

  const { eventCount, expectRefused, appendDirectly, eventsOf } = eventLogChecks(() => t, NOW);
  const as = (who: number) => ({ token: tokens[who] });
  const rawRow = async (staffId: number) =>
    JSON.stringify(
      (await sql`select * from rm_staff.staff where staff_id = ${staffId}`.execute(t.db.db)).rows[0] ?? null,
    );

  it('lists everyone for an admin, with the onboarding count, filtered by owner and active', async () => {
    const all = await t.http('GET', '/api/admin/staff', as(ALICE));
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(10); // the demo people, Audrey Auditor among them
    expect(all.body[0]).toEqual({
      staffId: ALICE,
      name: 'Alice Admin',
      email: 'alice.admin@smartwork.example',
      ownerId: 1,
      ownerName: 'Smartwork Consulting',
      isAdmin: true,
      isActive: true,
      isAuditor: false,
      onboardingDone: 0,
      codeOfConductAcknowledgedAt: null,
    });
    const owner2 = await t.http('GET', '/api/admin/staff?ownerId=2', as(ALICE));
    expect(owner2.body.map((p: { staffId: number }) => p.staffId)).toEqual([8, SAM, SOFIA]);
    const inactive = await t.http('GET', '/api/admin/staff?active=false', as(ALICE));
    expect(inactive.body.map((p: { name: string }) => p.name)).toEqual(['Ivan Inactive']);
    const bad = await t.http('GET', '/api/admin/staff?active=maybe', as(ALICE));
    expect(bad.status).toBe(400);
    expect(bad.body.problems).toEqual([{ path: 'active', message: 'Active must be true, false or all' }]);
  });

  it('records profile, checklist and flag changes with before → after and the admin as actor', async () => {
    const res = await t.http('PUT', `/api/admin/staff/${CARLOS}`, {
      ...as(ALICE),
      body: {
        jobTitle: 'Field Surveyor',
        city: 'Edmonton',
        emailCreated: true,
        bookGiven: true,
        needReceipt: true,
      },
    });
    expect(res.status).toBe(200);
    const [profile] = await eventsOf(`staff-${CARLOS}`, 'StaffProfileChanged');
    expect(profile.data).toEqual({
      staffId: CARLOS,
      before: { jobTitle: null },
      after: { jobTitle: 'Field Surveyor' },
    });
    expect(profile.metadata.actor).toEqual({ id: String(ALICE), name: 'Alice Admin' });
    const [ticks] = await eventsOf(`staff-${CARLOS}`, 'OnboardingChecklistChanged');
    expect(ticks.data).toEqual({
      staffId: CARLOS,
      before: { emailCreated: false, bookGiven: false },
      after: { emailCreated: true, bookGiven: true },
    });
    const [flags] = await eventsOf(`staff-${CARLOS}`, 'StaffAccessChanged');
    expect(flags.data).toEqual({ staffId: CARLOS, needReceipt: true, before: { needReceipt: false } });

    const detail = await t.http('GET', `/api/admin/staff/${CARLOS}`, as(ALICE));
    expect(detail.body).toMatchObject({
      staffId: CARLOS,
      email: 'carlos.contractor@smartwork.example',
      needReceipt: true,
      profile: {
        jobTitle: 'Field Surveyor',
        city: 'Edmonton',
        businessName: 'Contractor Field Services Ltd.',
      },
      checklist: { emailCreated: true, bookGiven: true, esetInstalled: false },
    });
    const list = await t.http('GET', '/api/admin/staff', as(ALICE));
    expect(list.body.find((p: { staffId: number }) => p.staffId === CARLOS).onboardingDone).toBe(2);

    // The same values again change nothing and record nothing.
    const before = await eventCount();
    const again = await t.http('PUT', `/api/admin/staff/${CARLOS}`, {
      ...as(ALICE),
      body: { jobTitle: 'Field Surveyor', emailCreated: true, needReceipt: true },
    });
    expect(again.status).toBe(200);
    expect(await eventCount()).toBe(before);
  });

  it('keeps sensitive fields encrypted in events and read model, answers them masked', async () => {
    const res = await t.http('PUT', `/api/admin/staff/${CARLOS}`, {
      ...as(ALICE),
      body: { socialNumber: '123-456-789', bankAccountNumber: '000123456789', dob: '1988-04-23' },
    });
    expect(res.status).toBe(200);
    const [, sealed] = await eventsOf(`staff-${CARLOS}`, 'StaffProfileChanged');
    const raw = JSON.stringify(sealed.data);
    for (const plain of ['123-456-789', '000123456789', '1988-04-23']) {
      expect(raw).not.toContain(plain);
      expect(await rawRow(CARLOS)).not.toContain(plain);
    }
    expect((sealed.data.after as Record<string, string>).socialNumber).toMatch(/^pd1:/);
    const keys = await sql`select subject from personal_data_keys`.execute(t.db.db);
    expect(keys.rows).toContainEqual({ subject: `staff-${CARLOS}` });

    const detail = await t.http('GET', `/api/admin/staff/${CARLOS}`, as(ALICE));
    expect(detail.body.sensitive).toEqual({
      dob: '••••',
      drivingLicenseNumber: null,
      drivingLicenseState: null,
      socialNumber: '•••• -789',
      bankName: null,
      bankRoutingNumber: null,
      bankAccountNumber: '•••• 6789',
    });
  });

  it('reveals one field on request and records who revealed it', async () => {
    const res = await t.http('POST', `/api/admin/staff/${CARLOS}/reveal`, {
      ...as(ALICE),
      body: { field: 'socialNumber' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ field: 'socialNumber', value: '123-456-789' });
    const [revealed] = await eventsOf(`staff-${CARLOS}`, 'SensitiveFieldRevealed');
    expect(revealed.data).toEqual({ staffId: CARLOS, field: 'socialNumber' });
    expect(revealed.metadata.actor.name).toBe('Alice Admin');
    // The plain answer is not kept with the Idempotency-Key.
    const stored = JSON.stringify((await sql`select * from command_results`.execute(t.db.db)).rows);
    expect(stored).not.toContain('123-456-789');

    await expectRefused(
      t.http('POST', `/api/admin/staff/${CARLOS}/reveal`, { ...as(ALICE), body: { field: 'name' } }),
      400,
      [{ path: 'field', message: 'Field must be one of the sensitive fields' }],
    );
  });

  it('shows older plain birth dates and licences masked, sealing them in the read model', async () => {
    await appendDirectly(
      'staff-20',
      'StaffMemberRegistered',
      registeredPerson(20, 1, {
        username: 'olga.old@smartwork.example',
        name: 'Olga Old',
        firstName: 'Olga',
        lastName: 'Old',
        dob: '1979-12-31',
        drivingLicenseNumber: 'AB-7654321',
        drivingLicenseState: 'AB',
      }),
      'olga-registered-before-issue-9',
    );
    const detail = await t.http('GET', '/api/admin/staff/20', as(ALICE));
    expect(detail.body.sensitive).toMatchObject({
      dob: '••••',
      drivingLicenseNumber: '•••• 4321',
      drivingLicenseState: '••••',
    });
    expect(await rawRow(20)).not.toContain('1979-12-31');
    expect(await rawRow(20)).not.toContain('AB-7654321');
    const shown = await t.http('POST', '/api/admin/staff/20/reveal', {
      ...as(ALICE),
      body: { field: 'dob' },
    });
    expect(shown.body.value).toBe('1979-12-31');

    // Changing it records the old value sealed too: no plain text in the new event.
    await t.http('PUT', '/api/admin/staff/20', { ...as(ALICE), body: { dob: '1979-12-30' } });
    const [changed] = await eventsOf('staff-20', 'StaffProfileChanged');
    expect(JSON.stringify(changed.data)).not.toContain('1979-12-3');
  });

  it('refuses bad input with 400 naming field and rule, changing nothing', async () => {
    await expectRefused(
      t.http('PUT', `/api/admin/staff/${CARLOS}`, {
        ...as(ALICE),
        body: { personalEmail: 'nope', dob: '31/12/1990', firstName: ' ', toaValue: '-5', username: 'x@y.z' },
      }),
      400,
      problemsOf({
        firstName: 'First Name must have a value',
        personalEmail: 'Personal Email must be a valid email address',
        toaValue: 'Toa Value must be greater than 0',
        dob: 'Date of Birth must be a date (YYYY-MM-DD)',
        username: 'username is not a field of this request',
      }),
    );
    await expectRefused(
      t.http('PUT', `/api/admin/staff/${CARLOS}`, { ...as(ALICE), body: { isAdmin: 'yes' } }),
      400,
      [{ path: 'isAdmin', message: 'isAdmin must be true or false' }],
    );
    await expectRefused(t.http('GET', '/api/admin/staff/999', as(ALICE)), 404);
  });

  it('answers 403 to an employee on every call, changing nothing', async () => {
    const calls = [
      t.http('GET', '/api/admin/staff', as(CARLOS)),
      t.http('GET', `/api/admin/staff/${CARLOS}`, as(CARLOS)),
      t.http('PUT', `/api/admin/staff/${CARLOS}`, { ...as(CARLOS), body: { isAdmin: true } }),
      t.http('POST', `/api/admin/staff/${RITA}/deactivate`, as(CARLOS)),
      t.http('POST', `/api/admin/staff/${CARLOS}/reveal`, { ...as(CARLOS), body: { field: 'socialNumber' } }),
    ];
    for (const call of calls) await expectRefused(call, 403);
  });

  it('a sightstream admin reads and changes owner-2 people only; owner-1 people are not found', async () => {
    const list = await t.http('GET', '/api/admin/staff', as(SOFIA));
    expect(list.body.map((p: { ownerId: number }) => p.ownerId)).toEqual([2, 2, 2]);
    const owner1 = await t.http('GET', '/api/admin/staff?ownerId=1', as(SOFIA));
    expect(owner1.body).toEqual([]);
    for (const call of [
      t.http('GET', `/api/admin/staff/${CARLOS}`, as(SOFIA)),
      t.http('PUT', `/api/admin/staff/${CARLOS}`, { ...as(SOFIA), body: { city: 'Paris' } }),
      t.http('POST', `/api/admin/staff/${CARLOS}/deactivate`, as(SOFIA)),
      t.http('POST', `/api/admin/staff/${CARLOS}/reveal`, { ...as(SOFIA), body: { field: 'socialNumber' } }),
    ]) {
      const res = await expectRefused(call, 404);
      expect(res.body.message).toBe(`Staff member ${CARLOS} does not exist.`);
    }
    const sam = await t.http('PUT', `/api/admin/staff/${SAM}`, {
      ...as(SOFIA),
      body: { hotel: 'Harbour Inn' },
    });
    expect(sam.status).toBe(200);
    expect((await t.http('GET', `/api/admin/staff/${SAM}`, as(SOFIA))).body.profile.hotel).toBe(
      'Harbour Inn',
    );
  });

  it('no admin deactivates themselves or removes their own admin flag', async () => {
    await expectRefused(t.http('POST', `/api/admin/staff/${ALICE}/deactivate`, as(ALICE)), 403);
    const res = await expectRefused(
      t.http('PUT', `/api/admin/staff/${ALICE}`, { ...as(ALICE), body: { isAdmin: false } }),
      403,
    );
    expect(res.body.message).toBe('You cannot deactivate yourself or remove your own admin access.');
  });

  it('deactivating someone ends their session at once and takes them out of the pickers; history stays', async () => {
    expect((await t.http('GET', '/api/me', as(RITA))).status).toBe(200);
    const pickers = async () =>
      (await t.http('GET', '/api/admin/review/filters', as(ALICE))).body.employees.map(
        (p: { staffId: number }) => p.staffId,
      );
    expect(await pickers()).toContain(RITA);

    const res = await t.http('POST', `/api/admin/staff/${RITA}/deactivate`, as(ALICE));
    expect(res.status).toBe(200);
    const [flags] = await eventsOf(`staff-${RITA}`, 'StaffAccessChanged');
    expect(flags.data).toEqual({ staffId: RITA, isActive: false, before: { isActive: true } });

    const next = await t.http('GET', '/api/me', as(RITA));
    expect(next.status).toBe(401);
    expect(next.body.message).toBe('Your session has ended. Sign in again.');
    expect(await pickers()).not.toContain(RITA);
    const devPeople = await t.http('GET', '/api/auth/dev/people');
    expect(devPeople.body.map((p: { staffId: number }) => p.staffId)).not.toContain(RITA);
    // Still on the Staff Review list, inactive, with their record.
    const list = await t.http('GET', '/api/admin/staff?active=false', as(ALICE));
    expect(list.body.map((p: { staffId: number }) => p.staffId)).toContain(RITA);
  });

  it('ends the session at deactivation even before the read model has caught up', async () => {
    const sam = tokens[SAM];
    // Hold the projection back: a transaction locks Sam's read-model row, so the staff projection
    // cannot apply the deactivation (and the read-your-writes wait keeps the answer pending).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.db.transaction().execute(async (trx) => {
      await sql`select staff_id from rm_staff.staff where staff_id = ${SAM} for update`.execute(trx);
      locked();
      await released;
    });
    await isLocked;
    let deactivation: ReturnType<typeof t.http> | undefined;
    try {
      deactivation = t.http('POST', `/api/admin/staff/${SAM}/deactivate`, as(ALICE));
      await eventually(async () => {
        const ended = await sql`select 1 from staff_sessions_ended where staff_id = ${SAM}`.execute(t.db.db);
        return ended.rows.length > 0;
      });
      // The read model still shows Sam active, yet his token is refused already.
      const row = await sql<{ is_active: boolean }>`
        select is_active from rm_staff.staff where staff_id = ${SAM}`.execute(t.db.db);
      expect(row.rows[0].is_active).toBe(true);
      const refused = await t.http('GET', '/api/me', { token: sam });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe('Your session has ended. Sign in again.');
    } finally {
      release();
      await holder;
    }
    expect((await deactivation!).status).toBe(200);

    // Reactivated, he signs in again: a token issued later passes.
    expect(
      (await t.http('PUT', `/api/admin/staff/${SAM}`, { ...as(ALICE), body: { isActive: true } })).status,
    ).toBe(200);
    t.clock.set(new Date('2026-11-18T15:05:00.000Z'));
    expect((await t.http('GET', '/api/me', { token: await t.signIn(SAM) })).status).toBe(200);
    t.clock.set(new Date(NOW));
  });
});
