// Over 350 lines on purpose: the whole vehicle API over one seeded app (another app costs seconds per spec).
import { testTimeZone } from '../../../test/dates';
import { addDays, businessDateIn, vehicleMessages, type VehicleView } from '@portal/contracts';
import { sql } from 'kysely';
import { startTestApp, testNow, type TestApp } from '../../../test/app-harness';
import { eventLogChecks, problemsOf } from '../../../test/event-log';
import { EventStore } from '../../platform/event-store/event-store.port';

/* The vehicle admin API over the seeded demo data (seed/vehicle-fleet.ts), through the whole app. */
let t: TestApp;
const { eventCount, expectRefused, appendDirectly } = eventLogChecks(() => t, testNow());

const ALICE = 1; // admin, owner 1
const CARLOS = 3; // employee, owner 1
const SAM = 5; // employee, owner 2
const SOFIA = 9; // sightstream admin, owner 2

const today = businessDateIn(new Date(testNow()), testTimeZone());

const form = {
  year: '2024',
  make: 'Toyota',
  model: 'Hilux',
  vin: '5TFAX5GN4KX000123',
  projectId: 14,
  issuedTo: CARLOS,
  registryExpireDate: addDays(today, 100),
  plateNumber: 'BXT 100',
  driveLicense: 'D123-4567',
  insuranceCompany: 'Aviva',
  financialInstitution: 'Northern Credit Union',
  easyTagNumber: 'ET-77',
  gasCardNumber: 'Shell Fleet',
  comment: null,
};

let alice: string;

beforeAll(async () => {
  t = await startTestApp({ seedDemo: true });
  alice = await t.signIn(ALICE);
});

afterAll(async () => {
  await t?.close();
});

async function vehicleEvents() {
  return t.app.get(EventStore).readStream('vehicles');
}

describe('vehicles: create, edit, remove', () => {
  it('an admin registers a vehicle, sees it listed, edits it (before → after), and removes it', async () => {
    const created = await t.http('POST', '/api/admin/vehicles', { token: alice, body: form });
    expect(created.status).toBe(201);
    const id = created.body.vehicleId as number;

    const listed = await t.http('GET', '/api/admin/vehicles', { token: alice });
    const row = (listed.body as VehicleView[]).find((v) => v.vehicleId === id);
    expect(row).toMatchObject({
      ...form,
      driveLicense: '•••• 4567',
      projectName: 'Transit Signalling Upgrade',
      issuedToName: 'Carlos Contractor',
      registration: 'current',
    });

    const changed = await t.http('PUT', `/api/admin/vehicles/${id}`, {
      token: alice,
      body: { ...form, make: 'Ford', comment: 'Winter tyres' },
    });
    expect(changed.status).toBe(200);
    const events = await vehicleEvents();
    const last = events[events.length - 1];
    expect(last.type).toBe('VehicleDetailsChanged');
    expect(last.data).toEqual({
      vehicleId: id,
      before: { make: 'Toyota', comment: null },
      after: { make: 'Ford', comment: 'Winter tyres' },
    });
    expect(last.metadata.actor).toEqual({ id: String(ALICE), name: 'Alice Admin' });
    expect(
      events.find((e) => e.type === 'VehicleRegistered' && (e.data as { vehicleId: number }).vehicleId === id)
        ?.metadata.actor,
    ).toEqual({
      id: String(ALICE),
      name: 'Alice Admin',
    });

    // The same form again changes nothing and records nothing.
    const before = await eventCount();
    const same = await t.http('PUT', `/api/admin/vehicles/${id}`, {
      token: alice,
      body: { ...form, make: 'Ford', comment: 'Winter tyres' },
    });
    expect(same.status).toBe(200);
    expect(await eventCount()).toBe(before);

    const removed = await t.http('DELETE', `/api/admin/vehicles/${id}`, { token: alice });
    expect(removed.status).toBe(200);
    const gone = await t.http('GET', `/api/admin/vehicles/${id}`, { token: alice });
    expect(gone.status).toBe(404);
    const history = await vehicleEvents();
    expect(history[history.length - 1]).toMatchObject({ type: 'VehicleRemoved', data: { vehicleId: id } });
    expect(history.filter((e) => (e.data as { vehicleId: number }).vehicleId === id)).toHaveLength(3);
  });

  it('answers 400 naming each field and rule, and changes nothing', async () => {
    await expectRefused(
      t.http('POST', '/api/admin/vehicles', {
        token: alice,
        body: {
          ...form,
          year: '',
          make: null,
          projectId: 0,
          issuedTo: null,
          insuranceCompany: ' ',
          gasCardNumber: '',
        },
      }),
      400,
      problemsOf({
        year: 'Year is required.',
        make: 'Make is required.',
        projectId: 'Project is required.',
        issuedTo: 'Issued To is required.',
        insuranceCompany: 'Insurance Company is required.',
        gasCardNumber: 'Gas Card is required.',
      }),
    );
    await expectRefused(
      t.http('POST', '/api/admin/vehicles', { token: alice, body: { ...form, vin: '5TFAX5GN4KX00012' } }),
      400,
      [{ path: 'vin', message: vehicleMessages.vinLength }],
    );
    await expectRefused(
      t.http('POST', '/api/admin/vehicles', { token: alice, body: { ...form, vin: '5TFAX5GN4KXO00123' } }),
      400,
      [{ path: 'vin', message: vehicleMessages.vinForbiddenLetters }],
    );
    await expectRefused(
      t.http('POST', '/api/admin/vehicles', { token: alice, body: { ...form, make: 'Lada', color: 'red' } }),
      400,
      [{ path: 'color', message: 'color is not a field of this request' }],
    );
    await expectRefused(
      t.http('POST', '/api/admin/vehicles', { token: alice, body: { ...form, make: 'Lada' } }),
      400,
      [{ path: 'make', message: vehicleMessages.notInList('Make', 'Lada') }],
    );
    await expectRefused(
      t.http('POST', '/api/admin/vehicles', { token: alice, body: { ...form, projectId: 999 } }),
      400,
      [{ path: 'projectId', message: vehicleMessages.unknownProject(999) }],
    );
    // Project 27 (Legacy Data Warehouse) is closed: no new vehicle goes on it, none moves onto it.
    await expectRefused(
      t.http('POST', '/api/admin/vehicles', { token: alice, body: { ...form, projectId: 27 } }),
      400,
      [{ path: 'projectId', message: vehicleMessages.unknownProject(27) }],
    );
    await expectRefused(
      t.http('PUT', '/api/admin/vehicles/1', { token: alice, body: { ...form, projectId: 27 } }),
      400,
      [{ path: 'projectId', message: vehicleMessages.unknownProject(27) }],
    );
    // Ivan (staff 7) is no longer active: no new vehicle is issued to him.
    await expectRefused(
      t.http('POST', '/api/admin/vehicles', { token: alice, body: { ...form, issuedTo: 7 } }),
      400,
      [{ path: 'issuedTo', message: vehicleMessages.inactivePerson(7) }],
    );
    await expectRefused(
      t.http('POST', '/api/admin/code-lists', { token: alice, body: { listId: 3, title: '' } }),
      400,
      problemsOf({
        listId: vehicleMessages.unknownList,
        title: vehicleMessages.titleRequired,
      }),
    );
  });
});

describe('the licence number: sensitive', () => {
  const rawRow = async (vehicleId: number) =>
    JSON.stringify(
      (await sql`select * from rm_vehicles.vehicles where vehicle_id = ${vehicleId}`.execute(t.db.db)).rows,
    );
  const licenceOf = async (vehicleId: number) =>
    (await t.http('GET', `/api/admin/vehicles/${vehicleId}`, { token: alice })).body.driveLicense;
  const reveal = (vehicleId: number, token = alice) =>
    t.http('POST', `/api/admin/vehicles/${vehicleId}/reveal`, {
      token,
      headers: { 'Idempotency-Key': `r-${vehicleId}-${Math.random()}` },
    });

  it('is sealed in events and read model, answered masked, kept when not sent, revealed on request (recorded)', async () => {
    const created = await t.http('POST', '/api/admin/vehicles', {
      token: alice,
      body: { ...form, vin: null, driveLicense: 'DL-55501234' },
    });
    expect(created.status).toBe(201);
    const id = created.body.vehicleId as number;
    expect(JSON.stringify((await vehicleEvents()).map((e) => e.data))).not.toContain('DL-55501234');
    expect(await rawRow(id)).not.toContain('DL-55501234');
    expect(await licenceOf(id)).toBe('•••• 1234');
    const listed = (await t.http('GET', '/api/admin/vehicles', { token: alice })).body as VehicleView[];
    expect(listed.find((v) => v.vehicleId === id)?.driveLicense).toBe('•••• 1234');

    // Not sent, or the same again: kept, nothing recorded.
    const before = await eventCount();
    const { driveLicense: _omitted, ...withoutLicence } = form;
    const kept = await t.http('PUT', `/api/admin/vehicles/${id}`, {
      token: alice,
      body: { ...withoutLicence, vin: null },
    });
    expect(kept.status).toBe(200);
    await t.http('PUT', `/api/admin/vehicles/${id}`, {
      token: alice,
      body: { ...form, vin: null, driveLicense: 'DL-55501234' },
    });
    expect(await eventCount()).toBe(before);
    expect(await licenceOf(id)).toBe('•••• 1234');

    // Replaced: before → after both sealed.
    await t.http('PUT', `/api/admin/vehicles/${id}`, {
      token: alice,
      body: { ...form, vin: null, driveLicense: 'DL-77709999' },
    });
    const events = await vehicleEvents();
    const change = events[events.length - 1];
    expect(change.type).toBe('VehicleDetailsChanged');
    const data = change.data as { before: Record<string, string>; after: Record<string, string> };
    expect(Object.keys(data.after)).toEqual(['driveLicense']);
    expect(data.before.driveLicense).toMatch(/^pd1:/);
    expect(data.after.driveLicense).toMatch(/^pd1:/);
    expect(JSON.stringify(change.data)).not.toContain('DL-');

    const shown = await reveal(id);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ vehicleId: id, driveLicense: 'DL-77709999' });
    const last = (await vehicleEvents()).at(-1)!;
    expect(last).toMatchObject({ type: 'VehicleDriveLicenseRevealed', data: { vehicleId: id } });
    expect(last.metadata.actor).toEqual({ id: String(ALICE), name: 'Alice Admin' });
    const stored = JSON.stringify((await sql`select * from command_results`.execute(t.db.db)).rows);
    expect(stored).not.toContain('DL-77709999');

    // An employee may not; a sightstream admin cannot reveal an owner-1 vehicle (as if unknown).
    await expectRefused(reveal(id, await t.signIn(CARLOS)), 403);
    await expectRefused(reveal(id, await t.signIn(SOFIA)), 404);

    // Cleared with null.
    await t.http('PUT', `/api/admin/vehicles/${id}`, {
      token: alice,
      body: { ...form, vin: null, driveLicense: null },
    });
    expect(await licenceOf(id)).toBeNull();
    expect((await reveal(id)).body).toEqual({ vehicleId: id, driveLicense: null });
  });

  it('shows an older event’s plain licence masked, sealed in the read model, and seals it when it changes', async () => {
    const { driveLicense: _plain, ...details } = form;
    await appendDirectly(
      'vehicles',
      'VehicleRegistered',
      { vehicleId: 500, ...details, vin: null, driveLicense: 'OLD-4242' },
      'legacy-vehicle-500',
    );
    expect(await licenceOf(500)).toBe('•••• 4242');
    expect(await rawRow(500)).not.toContain('OLD-4242');
    expect((await reveal(500)).body.driveLicense).toBe('OLD-4242');

    await t.http('PUT', '/api/admin/vehicles/500', {
      token: alice,
      body: { ...details, vin: null, driveLicense: 'NEW-5151' },
    });
    const change = (await vehicleEvents()).at(-1)!;
    expect(change.type).toBe('VehicleDetailsChanged');
    expect(JSON.stringify(change.data)).not.toContain('OLD-4242');
    expect(JSON.stringify(change.data)).not.toContain('NEW-5151');
    expect(await licenceOf(500)).toBe('•••• 5151');
  });
});

describe('code lists', () => {
  it('an admin extends the makes list and a vehicle can then use the new make', async () => {
    const added = await t.http('POST', '/api/admin/code-lists', {
      token: alice,
      body: { listId: 2, title: 'Rivian' },
    });
    expect(added.status).toBe(201);
    expect(added.body.entry).toMatchObject({ id: 2, title: 'Rivian', desc: null });

    const lists = await t.http('GET', '/api/admin/code-lists?ids=2,10', { token: alice });
    expect(lists.status).toBe(200);
    const makes = (lists.body as { id: number; title: string }[])
      .filter((e) => e.id === 2)
      .map((e) => e.title);
    expect(makes).toEqual(['Chevrolet', 'Ford', 'GMC', 'RAM', 'Toyota', 'Rivian']);
    expect(lists.body.some((e: { id: number }) => e.id === 1)).toBe(false);

    const created = await t.http('POST', '/api/admin/vehicles', {
      token: alice,
      body: { ...form, make: 'Rivian' },
    });
    expect(created.status).toBe(201);
    const events = await t.app.get(EventStore).readStream('code-lists');
    expect(events[events.length - 1]).toMatchObject({
      type: 'CodeListEntryAdded',
      data: { listId: 2, title: 'Rivian' },
      metadata: { actor: { id: String(ALICE) } },
    });

    await expectRefused(
      t.http('POST', '/api/admin/code-lists', { token: alice, body: { listId: 2, title: 'rivian' } }),
      409,
    );
    await expectRefused(t.http('GET', '/api/admin/code-lists?ids=1,3', { token: alice }), 400, [
      { path: 'ids', message: vehicleMessages.unknownList },
    ]);
  });
});

describe('registrations expiring', () => {
  it('lists registrations expired or expiring within 30 days of the clock’s today, soonest first', async () => {
    const soon = await t.http('POST', '/api/admin/vehicles', {
      token: alice,
      body: { ...form, vin: null, registryExpireDate: addDays(today, 30) },
    });
    const expired = await t.http('POST', '/api/admin/vehicles', {
      token: alice,
      body: { ...form, vin: null, registryExpireDate: addDays(today, -1) },
    });
    const later = await t.http('POST', '/api/admin/vehicles', {
      token: alice,
      body: { ...form, vin: null, registryExpireDate: addDays(today, 31) },
    });
    const answer = await t.http('GET', '/api/admin/vehicles/expiring', { token: alice });
    expect(answer.status).toBe(200);
    const rows = answer.body as VehicleView[];
    const ids = rows.map((v) => v.vehicleId);
    expect(ids).toContain(soon.body.vehicleId);
    expect(ids).toContain(expired.body.vehicleId);
    expect(ids).not.toContain(later.body.vehicleId);
    expect(rows.find((v) => v.vehicleId === expired.body.vehicleId)?.registration).toBe('expired');
    expect(rows.find((v) => v.vehicleId === soon.body.vehicleId)?.registration).toBe('expiring');
    const dates = rows.map((v) => v.registryExpireDate ?? '');
    expect([...dates].sort()).toEqual(dates);

    // The clock moves on two days: the one that had 31 days left is now flagged too.
    t.clock.set(new Date(new Date(testNow()).getTime() + 2 * 86_400_000));
    try {
      // (a sign-in of two days ago has run out: sign in again on the new day)
      const token = await t.signIn(ALICE);
      const moved = await t.http('GET', '/api/admin/vehicles/expiring', { token });
      expect(moved.status).toBe(200);
      expect(moved.body.map((v: VehicleView) => v.vehicleId)).toContain(later.body.vehicleId);
    } finally {
      t.clock.set(new Date(testNow()));
    }
  });
});

describe('permissions and the sightstream scope', () => {
  it('a regular employee gets 403 on every call, and nothing changes', async () => {
    const carlos = await t.signIn(CARLOS);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/vehicles'],
      ['GET', '/api/admin/vehicles/1'],
      ['GET', '/api/admin/vehicles/expiring'],
      ['GET', '/api/admin/vehicles/options'],
      ['GET', '/api/admin/code-lists?ids=1,2,6,10'],
      ['POST', '/api/admin/vehicles', form],
      ['PUT', '/api/admin/vehicles/1', form],
      ['DELETE', '/api/admin/vehicles/1'],
      ['POST', '/api/admin/code-lists', { listId: 2, title: 'Lada' }],
    ];
    for (const [method, path, body] of calls) {
      await expectRefused(t.http(method, path, { token: carlos, body }), 403);
    }
    // A bad body or path tells an employee nothing either: 403, not 400.
    const invalid: [string, string, unknown?][] = [
      ['POST', '/api/admin/vehicles', { year: '' }],
      ['PUT', '/api/admin/vehicles/abc', { ...form, vin: 'short' }],
      ['GET', '/api/admin/code-lists?ids=3'],
      ['POST', '/api/admin/code-lists', { listId: 3, title: '' }],
    ];
    for (const [method, path, body] of invalid) {
      await expectRefused(t.http(method, path, { token: carlos, body }), 403);
    }
  });

  it('a sightstream admin sees and changes only vehicles of owner-2 projects, issued to owner-2 people', async () => {
    const sofia = await t.signIn(SOFIA);
    const all = (await t.http('GET', '/api/admin/vehicles', { token: alice })).body as VehicleView[];
    const owner1 = all.find((v) => v.projectId === 33);
    const owner2 = all.find((v) => v.projectId === 21);
    expect(owner1 && owner2).toBeTruthy();

    const seen = (await t.http('GET', '/api/admin/vehicles', { token: sofia })).body as VehicleView[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((v) => [21, 22].includes(v.projectId))).toBe(true);
    expect((await t.http('GET', `/api/admin/vehicles/${owner1!.vehicleId}`, { token: sofia })).status).toBe(
      404,
    );
    const expiring = (await t.http('GET', '/api/admin/vehicles/expiring', { token: sofia }))
      .body as VehicleView[];
    expect(expiring.every((v) => [21, 22].includes(v.projectId))).toBe(true);

    const options = (await t.http('GET', '/api/admin/vehicles/options', { token: sofia })).body;
    expect(options.projects.map((p: { projectId: number }) => p.projectId).sort()).toEqual([21, 22]);
    expect(options.people.map((p: { staffId: number }) => p.staffId)).toContain(SAM);
    expect(options.people.map((p: { staffId: number }) => p.staffId)).not.toContain(CARLOS);

    const owner1Form = { ...form, projectId: owner1!.projectId, issuedTo: owner1!.issuedTo };
    await expectRefused(
      t.http('PUT', `/api/admin/vehicles/${owner1!.vehicleId}`, { token: sofia, body: owner1Form }),
      404,
    );
    await expectRefused(t.http('DELETE', `/api/admin/vehicles/${owner1!.vehicleId}`, { token: sofia }), 404);
    await expectRefused(t.http('POST', '/api/admin/vehicles', { token: sofia, body: form }), 403);
    await expectRefused(
      t.http('POST', '/api/admin/vehicles', { token: sofia, body: { ...form, projectId: 21 } }),
      403,
    );
    // Moving an owner-2 vehicle to an owner-1 project is refused too.
    const owner2Form = {
      ...form,
      vin: owner2!.vin,
      year: owner2!.year,
      make: owner2!.make,
      projectId: 14,
      issuedTo: owner2!.issuedTo,
    };
    await expectRefused(
      t.http('PUT', `/api/admin/vehicles/${owner2!.vehicleId}`, { token: sofia, body: owner2Form }),
      403,
    );

    // An owner-2 project's vehicle issued to an owner-1 person (by a firm admin) is not hers either.
    const crossOwner = await t.http('POST', '/api/admin/vehicles', {
      token: alice,
      body: { ...form, vin: null, projectId: 22, issuedTo: CARLOS, registryExpireDate: today },
    });
    expect(crossOwner.status).toBe(201);
    const crossId = crossOwner.body.vehicleId as number;
    const crossBefore = await eventCount();
    const sofiaSees = async (path: string) =>
      ((await t.http('GET', path, { token: sofia })).body as VehicleView[]).map((v) => v.vehicleId);
    expect(await sofiaSees('/api/admin/vehicles')).not.toContain(crossId);
    expect(await sofiaSees('/api/admin/vehicles/expiring')).not.toContain(crossId);
    expect((await t.http('GET', `/api/admin/vehicles/${crossId}`, { token: sofia })).status).toBe(404);
    await expectRefused(
      t.http('PUT', `/api/admin/vehicles/${crossId}`, {
        token: sofia,
        body: { ...form, vin: null, projectId: 22, issuedTo: SAM, registryExpireDate: today },
      }),
      404,
    );
    await expectRefused(t.http('DELETE', `/api/admin/vehicles/${crossId}`, { token: sofia }), 404);
    expect(await eventCount()).toBe(crossBefore);
    expect((await t.http('GET', `/api/admin/vehicles/${crossId}`, { token: alice })).body).toMatchObject({
      projectId: 22,
      issuedTo: CARLOS,
      issuedToName: 'Carlos Contractor',
    });
    // The names she sees come from her own scope: every row of hers names an owner-2 person.
    const sofiaRows = (await t.http('GET', '/api/admin/vehicles', { token: sofia })).body as VehicleView[];
    expect(sofiaRows.every((v) => !v.issuedToName.startsWith('Staff '))).toBe(true);

    const own = await t.http('POST', '/api/admin/vehicles', {
      token: sofia,
      body: { ...form, projectId: 22, issuedTo: SAM },
    });
    expect(own.status).toBe(201);
    const events = await vehicleEvents();
    expect(events[events.length - 1].metadata.actor).toEqual({ id: String(SOFIA), name: 'Sofia Supervisor' });
  });
});
