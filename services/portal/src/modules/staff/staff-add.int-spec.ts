import { spawn } from 'node:child_process';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { eventLogChecks, eventsOf } from '../../../test/event-log';
import { ADD_STAFF_JS, ensurePortalBuilt, fleetSecrets } from '../../../test/portal-fleet';
import { runToday } from '../../../test/dates';
import { addDays } from '@portal/contracts';
import { startSignedIn } from '../../../test/signed-in';

const ALICE = 1; // admin, owner 1
const CARLOS = 3; // employee, owner 1
const SOFIA = 9; // sightstream admin, owner 2
const DEMO_PEOPLE = 10;

const newcomer = (n: number, extra: Record<string, unknown> = {}) => ({
  username: `New.Comer${n}@Smartwork.example`,
  firstName: 'New',
  lastName: `Comer ${n}`,
  ownerId: 1,
  ...extra,
});

describe('Add staff member: POST /api/admin/staff', () => {
  let t: TestApp;
  let tokens: Record<number, string>;

  beforeAll(async () => {
    ({ t, tokens } = await startSignedIn([ALICE, CARLOS, SOFIA], { seedDemo: true }));
  });
  afterAll(() => t?.close());

  // Nothing here appends directly: the instant the checks would append at is never read.
  const { eventCount, expectRefused, eventsOf: streamEvents } = eventLogChecks(() => t, '');
  const as = (who: number, body?: unknown) => ({ token: tokens[who], body });

  it('adds a person under the next free id, who then signs in and is listed, each step an event by the admin', async () => {
    const res = await t.http('POST', '/api/admin/staff', as(ALICE, newcomer(1, { isAdmin: false })));
    expect(res.status).toBe(201);
    expect(res.body.staffId).toBe(DEMO_PEOPLE + 1);

    const list = await t.http('GET', '/api/admin/staff', as(ALICE));
    const row = list.body.find((p: { staffId: number }) => p.staffId === res.body.staffId);
    expect(row).toMatchObject({
      name: 'New Comer 1',
      email: 'new.comer1@smartwork.example',
      ownerId: 1,
      isAdmin: false,
      isActive: true,
    });
    const [allocated] = await streamEvents('staff-ids', 'StaffIdAllocated');
    expect(allocated.data).toEqual({ staffId: DEMO_PEOPLE + 1 });
    expect(allocated.metadata.actor).toEqual({ id: String(ALICE), name: 'Alice Admin' });
    const [registered] = await streamEvents(`staff-${DEMO_PEOPLE + 1}`, 'StaffMemberRegistered');
    expect(registered.metadata.actor).toEqual(allocated.metadata.actor);

    const token = await t.signIn(res.body.staffId);
    const me = await t.http('GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ staffId: DEMO_PEOPLE + 1, name: 'New Comer 1', isAdmin: false });
  });

  it('records the start date given, shows it on the person, and names a wrong one', async () => {
    const startDate = addDays(runToday(), 14);
    const res = await t.http('POST', '/api/admin/staff', as(ALICE, newcomer(7, { startDate })));
    expect(res.status).toBe(201);
    const [registered] = await streamEvents(`staff-${res.body.staffId}`, 'StaffMemberRegistered');
    expect(registered.data.startDate).toBe(startDate);
    const detail = await t.http('GET', `/api/admin/staff/${res.body.staffId}`, as(ALICE));
    expect(detail.body.startDate).toBe(startDate);

    // Optional: none given is none recorded.
    const without = await t.http('POST', '/api/admin/staff', as(ALICE, newcomer(8)));
    const none = await t.http('GET', `/api/admin/staff/${without.body.staffId}`, as(ALICE));
    expect(none.body.startDate).toBeNull();

    for (const wrong of [`${runToday()}T09:00`, 'next monday', `${runToday().slice(0, 7)}-32`]) {
      await expectRefused(
        t.http('POST', '/api/admin/staff', as(ALICE, newcomer(9, { startDate: wrong }))),
        400,
        [{ path: 'startDate', message: 'Start Date must be a date (YYYY-MM-DD)' }],
      );
    }
  });

  it('names each missing or wrong field and adds no one', async () => {
    await expectRefused(t.http('POST', '/api/admin/staff', as(ALICE, {})), 400, [
      { path: 'username', message: 'Work e-mail must have a value' },
      { path: 'firstName', message: 'First Name must have a value' },
      { path: 'lastName', message: 'Last Name must have a value' },
      { path: 'ownerId', message: 'Owner must have a value' },
    ]);
    await expectRefused(
      t.http('POST', '/api/admin/staff', as(ALICE, newcomer(2, { username: 'not-an-address' }))),
      400,
      [{ path: 'username', message: 'Work e-mail must be an e-mail address' }],
    );
    await expectRefused(
      t.http(
        'POST',
        '/api/admin/staff',
        as(ALICE, newcomer(2, { username: 'carlos.contractor@smartwork.example' })),
      ),
      400,
      [
        {
          path: 'username',
          message: 'The sign-in address carlos.contractor@smartwork.example belongs to someone else.',
        },
      ],
    );
    await expectRefused(t.http('POST', '/api/admin/staff', as(ALICE, newcomer(2, { ownerId: 77 }))), 400, [
      { path: 'ownerId', message: 'Owner 77 does not exist.' },
    ]);
  });

  it('is refused to a non-admin, and to a sightstream admin for another owner, changing nothing', async () => {
    await expectRefused(t.http('POST', '/api/admin/staff', as(CARLOS, newcomer(3))), 403);
    await expectRefused(t.http('POST', '/api/admin/staff', as(SOFIA, newcomer(3))), 403);
    const own = await t.http('POST', '/api/admin/staff', as(SOFIA, newcomer(3, { ownerId: 2 })));
    expect(own.status).toBe(201);
  });

  it('gives a retried request its first answer and two people added at once two ids', async () => {
    const before = await eventCount();
    const key = `add-${before}`;
    const first = await t.http('POST', '/api/admin/staff', {
      ...as(ALICE, newcomer(4)),
      headers: { 'idempotency-key': key },
    });
    const again = await t.http('POST', '/api/admin/staff', {
      ...as(ALICE, newcomer(4)),
      headers: { 'idempotency-key': key },
    });
    expect(again.body.staffId).toBe(first.body.staffId);
    expect(await eventCount()).toBe(before + 3);

    const both = await Promise.all(
      [5, 6].map((n) => t.http('POST', '/api/admin/staff', as(ALICE, newcomer(n)))),
    );
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(new Set(both.map((r) => r.body.staffId)).size).toBe(2);
  });
});

/** Runs `npm run staff:add`'s script (built) against `databaseUrl`. */
function staffAdd(
  databaseUrl: string,
  now: string,
  args: string[],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ADD_STAFF_JS, ...args], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        ...fleetSecrets(),
        DATABASE_URL: databaseUrl,
        PORTAL_NOW: now,
        SEED_DEMO: 'false',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run staff:add: the first admin of an empty portal', () => {
  let t: TestApp;

  beforeAll(async () => {
    ensurePortalBuilt();
    t = await startTestApp({ seedDemo: false });
  });
  afterAll(() => t?.close());

  it('registers the owner and an admin, who signs in as one; the same e-mail again is refused', async () => {
    const now = t.clock.now().toISOString();
    const first = await staffAdd(t.db.url, now, [
      '--email',
      'Ana.Ruiz@firm.example',
      '--name',
      'Ana María Ruiz',
      '--admin',
      '--owner-name',
      'Firm Ltd',
      '--start-date',
      runToday(),
    ]);
    expect(first.output).toContain('Added Ana.Ruiz@firm.example as staff member 1, an admin.');
    expect(first.code).toBe(0);

    // The command line wrote from another process: this portal's read models catch up first.
    await t.projectionsCaughtUp();
    const token = await t.signIn(1);
    const me = await t.http('GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ staffId: 1, name: 'Ana María Ruiz', isAdmin: true });
    const staff = await t.http('GET', '/api/admin/staff', { token });
    expect(staff.body).toEqual([
      expect.objectContaining({ email: 'ana.ruiz@firm.example', ownerName: 'Firm Ltd' }),
    ]);

    const [registered] = await eventsOf(t.db.db, 'staff-1', 'StaffMemberRegistered');
    expect(registered.metadata.actor.id).toMatch(/^operator:/);
    expect(registered.data.startDate).toBe(runToday());

    const again = await staffAdd(t.db.url, now, ['--email', 'ana.ruiz@firm.example', '--name', 'Ana Other']);
    expect(again.code).toBe(1);
    expect(again.output).toContain('The sign-in address ana.ruiz@firm.example belongs to someone else.');
    const wrong = await staffAdd(t.db.url, now, ['--email', 'x@firm.example', '--name', 'Single']);
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain('--name needs a first and a last name');
  });
});
