// Fixed dates: sessions issued and expiring at the file's own instant (NOW).
import { Controller, Get, Module } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { InMemoryStaffDirectory, testPerson } from '../../../test/in-memory-staff-directory';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { testTimeZone } from '../../../test/dates';
import { DevSignIn } from './commands/dev-sign-in';
import { EndSession } from './commands/end-session';
import { AdminOnly, CurrentPrincipal } from './decorators';
import type { Principal } from './principal';
import { AuthSettings } from './queries/auth-settings';
import { DevSignInPeople } from './queries/dev-sign-in-people';
import { WhoAmI } from './queries/who-am-i';

@Controller('test-auth')
class AdminProbeController {
  @AdminOnly()
  @Get('admin')
  admin(@CurrentPrincipal() principal: Principal) {
    return { seenBy: principal.staffId };
  }
}

@Module({ controllers: [AdminProbeController] })
class AdminProbeModule {}

/** The file's own instant: sessions issued and expiring are counted from it. */
const NOW = '2025-11-19T15:00:00.000Z';

const people = [
  testPerson(1, 'Ada Admin', { isAdmin: true, canEditRoster: true }),
  testPerson(2, 'Bob Builder', { needReceipt: true }),
  testPerson(3, 'Cleo Gone', { isActive: false }),
  testPerson(4, 'Dana Sight', { username: 'dana@sightstream.example', userType: 'sightstream' }),
  testPerson(5, 'Audrey Auditor', { isAuditor: true }),
];

describe('dev sign-in', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      now: NOW,
      staffDirectory: new InMemoryStaffDirectory(people),
      imports: [AdminProbeModule],
    });
  });
  afterAll(() => t?.close());

  it('tells the web that dev sign-in is on and Entra is not configured', async () => {
    const res = await t.http('GET', '/api/auth/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ devSignIn: true, entra: null });
  });

  it('lists the active people to choose from, by name', async () => {
    const res = await t.http('GET', '/api/auth/dev/people');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        staffId: 1,
        name: 'Ada Admin',
        username: 'ada@smartwork.example',
        isAdmin: true,
        isAuditor: false,
        userType: 'default',
      },
      {
        staffId: 5,
        name: 'Audrey Auditor',
        username: 'audrey@smartwork.example',
        isAdmin: false,
        isAuditor: true,
        userType: 'default',
      },
      {
        staffId: 2,
        name: 'Bob Builder',
        username: 'bob@smartwork.example',
        isAdmin: false,
        isAuditor: false,
        userType: 'default',
      },
      {
        staffId: 4,
        name: 'Dana Sight',
        username: 'dana@sightstream.example',
        isAdmin: false,
        isAuditor: false,
        userType: 'sightstream',
      },
    ]);
  });

  it('issues a token that /api/me accepts, answering the principal', async () => {
    const token = await t.signIn(2);
    const res = await t.http('GET', '/api/me', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access: 'granted',
      staffId: 2,
      name: 'Bob Builder',
      username: 'bob@smartwork.example',
      isAdmin: false,
      userType: 'default',
      canEditRoster: false,
      needReceipt: true,
      isAuditor: false,
      // Bob's owner is the firm, which set no zone of its own.
      ownerId: 1,
      timeZone: testTimeZone(),
    });
  });

  it('issues a 12-hour HS256 token with subject and jti', async () => {
    const token = await t.signIn(4);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
    expect(header.alg).toBe('HS256');
    expect(payload.sub).toBe('4');
    expect(typeof payload.jti).toBe('string');
    expect(payload.iat).toBe(Date.parse(NOW) / 1000);
    expect(payload.exp - payload.iat).toBe(12 * 60 * 60);
  });

  it('refuses an unknown or inactive person, naming the field', async () => {
    for (const staffId of [3, 99]) {
      const res = await t.http('POST', '/api/auth/dev/sign-in', { body: { staffId } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'No active person has this staff id.',
        problems: [{ path: 'staffId', message: 'No active person has this staff id.' }],
      });
    }
    const missing = await t.http('POST', '/api/auth/dev/sign-in', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.problems).toEqual([{ path: 'staffId', message: 'Choose a person to sign in as.' }]);
  });

  it('answers 401 without a token, with a malformed token and with a forged one', async () => {
    const none = await t.http('GET', '/api/me');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Sign in to continue.',
      problems: [],
    });
    expect((await t.http('GET', '/api/me', { token: 'not-a-jwt' })).status).toBe(401);

    const token = await t.signIn(1);
    const [header, payload] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '2' }),
    ).toString('base64url');
    const forged = `${header}.${forgedPayload}.${token.split('.')[2]}`;
    expect((await t.http('GET', '/api/me', { token: forged })).status).toBe(401);
  });

  it('refuses a token once 12 hours have passed on the clock', async () => {
    const token = await t.signIn(2);
    t.clock.set(new Date('2025-11-20T02:59:00.000Z'));
    expect((await t.http('GET', '/api/me', { token })).status).toBe(200);
    t.clock.set(new Date('2025-11-20T03:00:01.000Z'));
    const expired = await t.http('GET', '/api/me', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Your session has ended. Sign in again.');
    t.clock.set(new Date(NOW));
  });

  it('refuses a revoked token after logout, and only that token', async () => {
    const token = await t.signIn(2);
    const other = await t.signIn(2);
    const logout = await t.http('POST', '/api/auth/logout', { token });
    expect(logout.status).toBe(204);
    expect(logout.body).toBeUndefined();

    const after = await t.http('GET', '/api/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Your session has ended. Sign in again.');
    expect((await t.http('POST', '/api/auth/logout', { token })).status).toBe(401);
    expect((await t.http('GET', '/api/me', { token: other })).status).toBe(200);

    const rows = await t.db.db.selectFrom('revoked_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0].expires_at).toISOString()).toBe('2025-11-20T03:00:00.000Z');
  });

  it('sends sign-in and logout as commands, and the reads as queries, on the buses', async () => {
    const commands = jest.spyOn(t.app.get(CommandBus), 'execute');
    const queries = jest.spyOn(t.app.get(QueryBus), 'execute');
    try {
      await t.http('GET', '/api/auth/config');
      await t.http('GET', '/api/auth/dev/people');
      const signIn = await t.http('POST', '/api/auth/dev/sign-in', { body: { staffId: 2 } });
      const token = signIn.body.token;
      expect((await t.http('GET', '/api/me', { token })).body.name).toBe('Bob Builder');
      expect((await t.http('POST', '/api/auth/logout', { token })).status).toBe(204);

      expect(commands.mock.calls.map(([command]) => command.constructor)).toEqual([DevSignIn, EndSession]);
      expect(queries.mock.calls.map(([query]) => query.constructor)).toEqual([
        AuthSettings,
        DevSignInPeople,
        WhoAmI,
      ]);
      const logout = commands.mock.calls[1][0] as EndSession;
      expect(logout.caller.principal.staffId).toBe(2);
      expect(logout.caller.context.actor).toEqual({ id: '2', name: 'Bob Builder' });
      expect(logout.session?.expiresAt.toISOString()).toBe('2025-11-20T03:00:00.000Z');
    } finally {
      commands.mockRestore();
      queries.mockRestore();
    }
  });

  it('lets admins through @AdminOnly() and answers 403 to everyone else', async () => {
    const admin = await t.http('GET', '/api/test-auth/admin', { token: await t.signIn(1) });
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual({ seenBy: 1 });

    const regular = await t.http('GET', '/api/test-auth/admin', { token: await t.signIn(2) });
    expect(regular.status).toBe(403);
    expect(regular.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'You need to be an admin to do this.',
      problems: [],
    });
    expect((await t.http('GET', '/api/test-auth/admin')).status).toBe(401);
  });
});

describe('dev sign-in switched off', () => {
  let t: TestApp;
  let on: TestApp;

  beforeAll(async () => {
    const staffDirectory = new InMemoryStaffDirectory(people);
    t = await startTestApp({ now: NOW, devSignIn: false, staffDirectory });
    on = await startTestApp({ now: NOW, devSignIn: true, staffDirectory });
  });
  afterAll(async () => {
    await t.close();
    await on.close();
  });

  it('answers 404 on the dev sign-in endpoints', async () => {
    const list = await t.http('GET', '/api/auth/dev/people');
    expect(list.status).toBe(404);
    expect(list.body.message).toBe('Dev sign-in is not enabled.');
    expect((await t.http('POST', '/api/auth/dev/sign-in', { body: { staffId: 2 } })).status).toBe(404);
    // Switched off, its input is not even read: a bad body is not found either (not 400).
    expect((await t.http('POST', '/api/auth/dev/sign-in', { body: { staffId: 'x' } })).status).toBe(404);
    const newcomer = { username: 'new@smartwork.example', name: 'New Comer' };
    expect((await t.http('POST', '/api/auth/dev/first-sign-in', { body: newcomer })).status).toBe(404);
    expect((await t.http('GET', '/api/auth/config')).body).toEqual({ devSignIn: false, entra: null });
  });

  it('refuses dev tokens, even ones signed with the same secret', async () => {
    const token = await on.signIn(2);
    expect((await on.http('GET', '/api/me', { token })).status).toBe(200);
    expect((await t.http('GET', '/api/me', { token })).status).toBe(401);
  });
});
