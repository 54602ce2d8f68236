import { sql } from 'kysely';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { eventCount, eventLogChecks, eventsOf } from '../../../test/event-log';
import { pendingAnswer } from '../../../test/pending-access';
import { eventually } from '../../../test/waiting';
import { startSignedIn } from '../../../test/signed-in';

const ALICE = 1; // admin, owner 1
const CARLOS = 3; // employee, owner 1
const SOFIA = 9; // sightstream admin, owner 2
const PENDING = 'Your access to the portal is being set up. An admin will add you soon.';
const NOT_ALLOWED = 'User is not allowed to login.';

/** A dev first sign-in's token: someone not yet known, as an Entra ID token of theirs would name them. */
async function firstSignIn(t: TestApp, username: string, name: string): Promise<string> {
  const answer = await t.http('POST', '/api/auth/dev/first-sign-in', { body: { username, name } });
  expect(answer.status).toBe(200);
  return answer.body.token as string;
}

describe('first sign-in of someone no one has added (dev sign-in)', () => {
  let t: TestApp;
  let tokens: Record<number, string>;

  beforeAll(async () => {
    ({ t, tokens } = await startSignedIn([ALICE, CARLOS, SOFIA], { seedDemo: true }));
  });
  afterAll(() => t?.close());

  const { expectRefused } = eventLogChecks(() => t, '');
  const awaiting = (who = ALICE) => t.http('GET', '/api/admin/access-requests', { token: tokens[who] });

  it('records the first sign-in once, by the person, and answers /api/me with the pending state', async () => {
    const token = await firstSignIn(t, 'Nina.New@Smartwork.example', 'Nina New');
    const me = await t.http('GET', '/api/me', { token, headers: { 'x-correlation-id': 'nina-first' } });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(pendingAnswer(t, 'nina.new@smartwork.example', 'Nina New'));

    const stream = 'access-request-nina.new@smartwork.example';
    const [requested, ...more] = await eventsOf(t.db.db, stream, 'AccessRequested');
    expect(more).toEqual([]);
    expect(requested.data).toEqual({
      username: 'nina.new@smartwork.example',
      name: 'Nina New',
      requestedAt: t.clock.now().toISOString(),
    });
    expect(requested.metadata).toMatchObject({
      actor: { id: 'sign-in:nina.new@smartwork.example', name: 'Nina New' },
      correlationId: 'nina-first',
      causationId: null,
    });

    // Signing in again, and every later request, appends nothing.
    const before = await eventCount(t.db.db);
    const again = await firstSignIn(t, 'nina.new@smartwork.example', 'Nina New');
    expect((await t.http('GET', '/api/me', { token: again })).body.firstSignInAt).toBe(me.body.firstSignInAt);
    expect(await eventCount(t.db.db)).toBe(before);
  });

  it('refuses every other route with its own 403, changing nothing, and lets the person sign out', async () => {
    const token = await firstSignIn(t, 'otto.other@smartwork.example', 'Otto Other');
    expect((await t.http('GET', '/api/me', { token })).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/me/profile'],
      ['GET', '/api/admin/staff'],
      ['GET', '/api/admin/access-requests'],
      ['POST', '/api/me/code-of-conduct'],
    ] as const) {
      const body = method === 'POST' ? { body: {} } : {};
      const res = await expectRefused(t.http(method, path, { token, ...body }), 403);
      expect(res.body).toEqual({ statusCode: 403, error: 'Forbidden', message: PENDING, problems: [] });
    }
    expect((await t.http('POST', '/api/auth/logout', { token })).status).toBe(204);
    expect((await t.http('GET', '/api/me', { token })).status).toBe(401);
  });

  it('shows admins of every owner who awaits access; others are refused or see nobody', async () => {
    // A first sign-in is no admin's write: the list shows it once its projection has caught up.
    await t.projectionsCaughtUp();
    const list = await awaiting();
    expect(list.status).toBe(200);
    expect(list.body).toEqual(
      expect.arrayContaining([
        {
          username: 'nina.new@smartwork.example',
          name: 'Nina New',
          firstSignInAt: t.clock.now().toISOString(),
        },
      ]),
    );
    expect((await awaiting(CARLOS)).status).toBe(403);
    expect((await awaiting(SOFIA)).body).toEqual([]);
  });

  it('takes a person off the list once a staff member with their address is added; they then sign in as one', async () => {
    const token = await firstSignIn(t, 'paula.pending@smartwork.example', 'Paula Pending');
    expect((await t.http('GET', '/api/me', { token })).body.access).toBe('pending');
    await t.projectionsCaughtUp();
    expect((await awaiting()).body.map((r: { username: string }) => r.username)).toContain(
      'paula.pending@smartwork.example',
    );

    const added = await t.http('POST', '/api/admin/staff', {
      token: tokens[ALICE],
      body: {
        username: 'Paula.Pending@smartwork.example',
        firstName: 'Paula',
        lastName: 'Pending',
        ownerId: 1,
      },
    });
    expect(added.status).toBe(201);
    expect((await awaiting()).body.map((r: { username: string }) => r.username)).not.toContain(
      'paula.pending@smartwork.example',
    );
    const me = await t.http('GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ access: 'granted', staffId: added.body.staffId, name: 'Paula Pending' });
    expect((await t.http('GET', '/api/me/profile', { token })).status).toBe(200);
  });

  it('refuses a wrong domain and a deactivated person as before, recording nothing', async () => {
    const wrong = await expectRefused(
      t.http('POST', '/api/auth/dev/first-sign-in', {
        body: { username: 'eve@outside.example', name: 'Eve' },
      }),
      403,
    );
    expect(wrong.body.message).toBe(NOT_ALLOWED);

    const added = await t.http('POST', '/api/admin/staff', {
      token: tokens[ALICE],
      body: { username: 'gone.soon@smartwork.example', firstName: 'Gone', lastName: 'Soon', ownerId: 1 },
    });
    await t.http('POST', `/api/admin/staff/${added.body.staffId}/deactivate`, { token: tokens[ALICE] });
    // Signed in later than the deactivation ended their sessions (a token of that second is ended: 401).
    const deactivatedAt = t.clock.now();
    t.clock.set(new Date(deactivatedAt.getTime() + 2000));
    try {
      const token = await firstSignIn(t, 'gone.soon@smartwork.example', 'Gone Soon');
      const refused = await expectRefused(t.http('GET', '/api/me', { token }), 403);
      expect(refused.body.message).toBe(NOT_ALLOWED);
    } finally {
      t.clock.set(deactivatedAt);
    }
  });

  it('names the fields of a dev first sign-in it cannot take', async () => {
    const res = await expectRefused(
      t.http('POST', '/api/auth/dev/first-sign-in', { body: { username: 'nobody', name: ' ' } }),
      400,
      [
        { path: 'username', message: 'Work e-mail must be an e-mail address' },
        { path: 'name', message: 'Name must have a value' },
      ],
    );
    expect(res.body.statusCode).toBe(400);
  });
});

describe('PORTAL_BOOTSTRAP_ADMINS on an empty portal', () => {
  let t: TestApp;
  const ANA = 'ana.ruiz@smartwork.example';

  beforeAll(async () => {
    t = await startTestApp({
      seedDemo: false,
      env: {
        PORTAL_BOOTSTRAP_ADMINS: ` ${ANA.toUpperCase()}, bob.boot@smartwork.example `,
        PORTAL_BOOTSTRAP_OWNER_NAME: 'Smartwork Consulting',
      },
    });
  });
  afterAll(() => t?.close());

  it('makes the first bootstrap address to sign in an admin of owner 1, by the bootstrap, caused by the sign-in', async () => {
    const token = await firstSignIn(t, ANA, 'Ana María Ruiz');
    const me = await t.http('GET', '/api/me', { token, headers: { 'x-correlation-id': 'ana-first' } });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ access: 'granted', staffId: 1, name: 'Ana María Ruiz', isAdmin: true });

    const [owner] = await eventsOf(t.db.db, 'owner-1', 'OwnerRegistered');
    expect(owner.data).toEqual({ ownerId: 1, name: 'Smartwork Consulting' });
    const [registered] = await eventsOf(t.db.db, 'staff-1', 'StaffMemberRegistered');
    expect(registered.data).toMatchObject({
      username: ANA,
      firstName: 'Ana',
      middleName: 'María',
      lastName: 'Ruiz',
      ownerId: 1,
      isAdmin: true,
    });
    for (const event of [owner, registered]) {
      expect(event.metadata).toMatchObject({
        actor: { id: 'bootstrap', name: 'Bootstrap (PORTAL_BOOTSTRAP_ADMINS)' },
        correlationId: 'ana-first',
        causationId: `first-sign-in:${ANA}`,
      });
    }
    // Her first sign-in was recorded too, and she awaits nothing.
    expect(await eventsOf(t.db.db, `access-request-${ANA}`, 'AccessRequested')).toHaveLength(1);
    const list = await t.http('GET', '/api/admin/access-requests', { token });
    expect(list.body).toEqual([]);
    expect((await t.http('GET', '/api/admin/staff', { token })).status).toBe(200);
  });

  it('gives a second bootstrap address the pending path once the owner has an admin', async () => {
    const token = await firstSignIn(t, 'bob.boot@smartwork.example', 'Bob Boot');
    const me = await t.http('GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.access).toBe('pending');
    expect(await eventsOf(t.db.db, 'staff-2', 'StaffMemberRegistered')).toEqual([]);
  });
});

describe('PORTAL_BOOTSTRAP_ADMINS: two listed addresses signing in at once', () => {
  let t: TestApp;
  const LISTED = ['cora.first@smartwork.example', 'dev.second@smartwork.example'];

  beforeAll(async () => {
    t = await startTestApp({ seedDemo: false, env: { PORTAL_BOOTSTRAP_ADMINS: LISTED.join(',') } });
  });
  afterAll(() => t?.close());

  it('makes exactly one of them an admin; the other awaits access', async () => {
    const tokens = await Promise.all(LISTED.map((address) => firstSignIn(t, address, 'Listed Person')));
    const answers = await Promise.all(tokens.map((token) => t.http('GET', '/api/me', { token })));
    expect(answers.map((answer) => answer.body.access).sort()).toEqual(['granted', 'pending']);
    const admitted = LISTED[answers.findIndex((answer) => answer.body.access === 'granted')];
    const claims = await eventsOf(t.db.db, 'bootstrap-owner-1', 'BootstrapAdminClaimed');
    expect(claims.map((claim) => claim.data)).toEqual([{ ownerId: 1, username: admitted }]);
    const registered = await sql<{ n: string }>`
      select count(*) as n from events where type = 'StaffMemberRegistered'`.execute(t.db.db);
    expect(registered.rows[0].n).toBe('1');
  });
});

describe("a first sign-in's request line in the log", () => {
  let t: TestApp;
  const logDir = mkdtempSync(join(tmpdir(), 'portal-access-log-'));

  beforeAll(async () => {
    t = await startTestApp({ env: { LOG_LEVEL: 'info', LOG_FILE: join(logDir, 'portal.log') } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(logDir, { recursive: true, force: true });
  });

  it('carries the correlation id the sign-in was recorded under, when the request sent none', async () => {
    const token = await firstSignIn(t, 'omar.once@smartwork.example', 'Omar Once');
    const me = await t.http('GET', '/api/me', { token });
    expect(me.body.access).toBe('pending');
    const [requested] = await eventsOf(
      t.db.db,
      'access-request-omar.once@smartwork.example',
      'AccessRequested',
    );
    const requestId = me.headers.get('x-request-id');
    const line = await eventually(async () =>
      readFileSync(join(logDir, 'portal.log'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry.reqId === requestId && entry.msg === 'request completed'),
    );
    expect(line.correlationId).toBe((requested.metadata as { correlationId?: string }).correlationId);
  });
});
