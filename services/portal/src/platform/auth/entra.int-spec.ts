import { startTestApp, type TestApp } from '../../../test/app-harness';
import { eventsOf } from '../../../test/event-log';
import { pendingAnswer } from '../../../test/pending-access';
import { StaffSessions } from './staff-sessions';
import { InMemoryStaffDirectory, testPerson } from '../../../test/in-memory-staff-directory';
import { startLocalOpenIdProvider, type LocalOpenIdProvider } from '../../../test/local-openid-provider';

describe('Entra ID sign-in (against a local OpenID provider)', () => {
  let op: LocalOpenIdProvider;
  let t: TestApp;

  beforeAll(async () => {
    op = await startLocalOpenIdProvider();
    t = await startTestApp({
      devSignIn: false,
      env: {
        ENTRA_TENANT_ID: op.tenantId,
        ENTRA_CLIENT_ID: op.clientId,
        ENTRA_METADATA_URL: op.metadataUrl,
      },
      staffDirectory: new InMemoryStaffDirectory([
        testPerson(2, 'Bob Builder'),
        testPerson(4, 'Dana Sight', { username: 'dana@sightstream.example', userType: 'sightstream' }),
        testPerson(5, 'Gil Gone', { isActive: false }),
        testPerson(6, 'Eve Outside', { username: 'eve@outside.example' }),
      ]),
    });
  });
  afterAll(async () => {
    await t?.close();
    await op?.close();
  });

  const me = (token: string) => t.http('GET', '/api/me', { token });

  it('gives the web the MSAL settings', async () => {
    const res = await t.http('GET', '/api/auth/config');
    expect(res.body).toEqual({
      devSignIn: false,
      entra: {
        clientId: op.clientId,
        tenantId: op.tenantId,
        authority: `https://login.microsoftonline.com/${op.tenantId}`,
        knownAuthorities: [],
        protocol: 'entra',
        allowedDomains: ['smartwork.example', 'sightstream.example'],
      },
    });
  });

  it('accepts a valid token of a person of an allowed domain and answers the principal', async () => {
    const res = await me(await op.token({ preferred_username: 'Bob@SmartWork.example' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ staffId: 2, name: 'Bob Builder', userType: 'default' });

    const dana = await me(await op.token({ upn: 'dana@sightstream.example' }));
    expect(dana.status).toBe(200);
    expect(dana.body).toMatchObject({ staffId: 4, userType: 'sightstream' });
  });

  it('answers 401 to an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await op.token({
      preferred_username: 'bob@smartwork.example',
      iat: now - 7200,
      nbf: now - 7200,
      exp: now - 3600,
    });
    expect((await me(token)).status).toBe(401);
  });

  it('answers 401 to a token for another audience', async () => {
    const token = await op.token({ preferred_username: 'bob@smartwork.example', aud: 'api://someone-else' });
    expect((await me(token)).status).toBe(401);
  });

  it('answers 401 to a token of another tenant', async () => {
    const other = '99999999-8888-7777-6666-555555555555';
    const token = await op.token({
      preferred_username: 'bob@smartwork.example',
      iss: op.issuerOf(other),
      tid: other,
    });
    expect((await me(token)).status).toBe(401);
  });

  it('answers 401 to a token signed with a key the tenant does not publish', async () => {
    const token = await op.token(
      { preferred_username: 'bob@smartwork.example' },
      { signWithUnpublishedKey: true },
    );
    expect((await me(token)).status).toBe(401);
  });

  it("answers 403 'User is not allowed to login.' to a domain that is not allowed", async () => {
    const res = await me(await op.token({ preferred_username: 'eve@outside.example' }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'User is not allowed to login.',
      problems: [],
    });
  });

  it('answers the same 403 to the address of a deactivated staff member', async () => {
    const res = await me(await op.token({ preferred_username: 'gil@smartwork.example' }));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('User is not allowed to login.');
  });

  it('records the first sign-in of an allowed address no one holds: /api/me answers it pending, the rest 403', async () => {
    const token = await op.token({ preferred_username: 'Nobody@SmartWork.example', name: 'Nora Nobody' });
    const res = await me(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(pendingAnswer(t, 'nobody@smartwork.example', 'Nora Nobody'));
    const elsewhere = await t.http('GET', '/api/me/profile', { token });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toBe(
      'Your access to the portal is being set up. An admin will add you soon.',
    );
    const [requested] = await eventsOf(t.db.db, 'access-request-nobody@smartwork.example', 'AccessRequested');
    expect(requested.metadata.actor).toEqual({ id: 'sign-in:nobody@smartwork.example', name: 'Nora Nobody' });
  });

  it('refuses dev tokens when only Entra is on', async () => {
    expect((await t.http('POST', '/api/auth/dev/sign-in', { body: { staffId: 2 } })).status).toBe(404);
  });

  it('refuses an Entra token after logout', async () => {
    const token = await op.token({ preferred_username: 'bob@smartwork.example', uti: 'logout-test' });
    expect((await me(token)).status).toBe(200);
    expect((await t.http('POST', '/api/auth/logout', { token })).status).toBe(204);
    expect((await me(token)).status).toBe(401);
  });

  it('answers 401 to a token issued before the person’s sessions were ended (deactivation)', async () => {
    const token = await op.token({ upn: 'dana@sightstream.example' });
    expect((await me(token)).status).toBe(200);
    // Entra tokens carry real time; production's Clock is real time too.
    const at = new Date(Date.now() + 1000);
    await t.app.get(StaffSessions).endAll({ staffId: 4, username: 'dana@sightstream.example', at });
    const after = await me(token);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Your session has ended. Sign in again.');
  });
});
