// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { eventLogChecks } from '../../../test/event-log';
import { DATABASE_HANDLE } from '../../platform/database/database.provider';
import type { DatabaseHandle } from '../../platform/database/database';
import { verifyEventChains } from '../../platform/event-store/chain-verifier';
import { EventStore } from '../../platform/event-store/event-store.port';
import { ProjectionRunner } from '../../platform/projection/projection-runner';
import { ContextRegistry } from '../../platform/registry/context-registry';

const NOW = '2026-11-18T15:00:00.000Z';
const ALICE = 1; // admin, owner 1
const CARLOS = 3; // employee, owner 1: the demo registers him with a phone, business and address
const SOFIA = 9; // sightstream admin, owner 2

describe("Erasing a staff member's personal data: POST /api/admin/staff/:id/erase", () => {
  let t: TestApp;
  const tokens: Record<number, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ now: NOW, seedDemo: true });
    for (const id of [ALICE, CARLOS, SOFIA]) tokens[id] = await t.signIn(id);
  });
  afterAll(() => t?.close());

  const { eventCount, expectRefused, eventsOf } = eventLogChecks(() => t, NOW);
  const as = (who: number) => ({ token: tokens[who] });
  const rawEvents = async () =>
    JSON.stringify((await sql`select data from events where stream_id = 'staff-3'`.execute(t.db.db)).rows);
  const rebuildStaff = async () => {
    const handle = t.app.get<DatabaseHandle>(DATABASE_HANDLE);
    const runner = new ProjectionRunner({
      db: handle.db,
      handle,
      eventStore: t.app.get(EventStore),
      projections: t.app.get(ContextRegistry).projections,
    });
    try {
      await runner.rebuild('staff');
    } finally {
      await runner.stop();
    }
  };

  it('records every personal field sealed (schemaVersion 2); screens show them in the clear', async () => {
    const put = await t.http('PUT', `/api/admin/staff/${CARLOS}`, {
      ...as(ALICE),
      body: { dob: '1990-05-14', personalEmail: 'carlos@home.example', jobTitle: 'Surveyor' },
    });
    expect(put.status).toBe(200);
    const log = await rawEvents();
    for (const plain of [
      'Contractor Field Services',
      '10220 104 Avenue',
      '+1 780 555',
      'carlos@home',
      '1990-05-14',
    ])
      expect(log).not.toContain(plain);
    const { rows } = await sql<{ schema_version: number }>`
      select (metadata->>'schemaVersion')::int as schema_version from events
      where stream_id = 'staff-3' and type in ('StaffMemberRegistered', 'StaffProfileChanged')`.execute(
      t.db.db,
    );
    expect(rows.map((r) => r.schema_version)).toEqual([2, 2]);

    const detail = await t.http('GET', `/api/admin/staff/${CARLOS}`, as(ALICE));
    expect(detail.body.profile).toMatchObject({
      businessName: 'Contractor Field Services Ltd.',
      personalEmail: 'carlos@home.example',
      city: 'Edmonton',
      jobTitle: 'Surveyor',
    });
    expect(detail.body.sensitive.dob).toBe('••••');
    const invoice = await t.http('GET', '/api/staff/me/invoice-profile', as(CARLOS));
    expect(invoice.body).toMatchObject({
      businessName: 'Contractor Field Services Ltd.',
      postalCode: 'T5J 0H6',
    });
  });

  it('refuses a non-admin (403), an empty reason (400 naming reason), oneself (403): nothing appended', async () => {
    await expectRefused(
      t.http('POST', `/api/admin/staff/${CARLOS}/erase`, { ...as(CARLOS), body: { reason: 'x' } }),
      403,
    );
    await expectRefused(
      t.http('POST', `/api/admin/staff/${CARLOS}/erase`, { ...as(ALICE), body: { reason: '  ' } }),
      400,
      [{ path: 'reason', message: 'Reason must have a value' }],
    );
    await expectRefused(
      t.http('POST', `/api/admin/staff/${ALICE}/erase`, { ...as(ALICE), body: { reason: 'x' } }),
      403,
    );
    await expectRefused(
      t.http('POST', `/api/admin/staff/${CARLOS}/erase`, { ...as(SOFIA), body: { reason: 'x' } }),
      404,
    );
    const key = await sql`select 1 from personal_data_keys where subject = 'staff-3'`.execute(t.db.db);
    expect(key.rows).toHaveLength(1);
  });

  it('erases: one event with the admin as actor, the key deleted, every screen shows erased', async () => {
    const before = await eventCount();
    const res = await t.http('POST', `/api/admin/staff/${CARLOS}/erase`, {
      ...as(ALICE),
      body: { reason: 'Asked under GDPR art. 17' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ erased: true, position: expect.stringMatching(/^\d+\/\d+$/) });
    expect(await eventCount()).toBe(before + 1);
    const [erased] = await eventsOf('staff-3', 'StaffPersonalDataErased');
    expect(erased.data).toEqual({ staffId: CARLOS, reason: 'Asked under GDPR art. 17' });
    expect(erased.metadata.actor).toEqual({ id: String(ALICE), name: 'Alice Admin' });
    const key = await sql`select 1 from personal_data_keys where subject = 'staff-3'`.execute(t.db.db);
    expect(key.rows).toHaveLength(0);
    // The answer came once the read models showed it (read-your-writes): no wait here.
    await expectErasedEverywhere();

    const erasedOnce = await eventCount(); // + the reveal the check records
    const again = await t.http('POST', `/api/admin/staff/${CARLOS}/erase`, {
      ...as(ALICE),
      body: { reason: 'y' },
    });
    expect(again.body).toEqual({ erased: false, position: null });
    expect(await eventCount()).toBe(erasedOnce);
    await expectRefused(
      t.http('PUT', `/api/admin/staff/${CARLOS}`, { ...as(ALICE), body: { city: 'Calgary' } }),
      409,
    );
  });

  it('keeps the log whole: a rebuild replays it, values still read erased, the hash chain verifies', async () => {
    const before = await eventCount();
    await rebuildStaff();
    await expectErasedEverywhere();
    // Every event is still there; the only new one is the reveal the check records.
    expect(await eventCount()).toBe(before + 1);
    const report = await verifyEventChains(t.db.db);
    expect(report).toMatchObject({ ok: true, firstBroken: null, checkedEvents: before + 1 });
    const key = await sql`select 1 from personal_data_keys where subject = 'staff-3'`.execute(t.db.db);
    expect(key.rows).toHaveLength(0);
  });

  async function expectErasedEverywhere(): Promise<void> {
    const detail = await t.http('GET', `/api/admin/staff/${CARLOS}`, as(ALICE));
    expect(detail.status).toBe(200);
    expect(detail.body.name).toBe('Carlos Contractor');
    expect(detail.body.email).toBe('carlos.contractor@smartwork.example');
    expect(detail.body.profile).toMatchObject({
      businessName: 'erased',
      city: 'erased',
      jobTitle: 'Surveyor',
    });
    expect(Object.values(detail.body.sensitive)).toEqual(Array(7).fill('erased'));
    const mine = await t.http('GET', '/api/me/profile', as(CARLOS));
    expect(mine.status).toBe(200);
    expect(mine.body.plain).toMatchObject({ mobilePhone: 'erased', address: 'erased', postalCode: 'erased' });
    expect(mine.body.sensitive).toEqual({
      dob: 'erased',
      drivingLicenseNumber: 'erased',
      drivingLicenseState: 'erased',
    });
    const invoice = await t.http('GET', '/api/staff/me/invoice-profile', as(CARLOS));
    expect(invoice.body).toMatchObject({
      name: 'Carlos Contractor',
      businessName: 'erased',
      address: 'erased',
    });
    const reveal = await t.http('POST', `/api/admin/staff/${CARLOS}/reveal`, {
      ...as(ALICE),
      body: { field: 'dob' },
    });
    expect(reveal.body).toEqual({ field: 'dob', value: 'erased' });
  }
});
