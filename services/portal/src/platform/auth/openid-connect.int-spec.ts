import { startTestApp, type TestApp } from '../../../test/app-harness';
import { InMemoryStaffDirectory, testPerson } from '../../../test/in-memory-staff-directory';
import { startLocalOpenIdProvider, type LocalOpenIdProvider } from '../../../test/local-openid-provider';

/**
 * Sign-in through an OpenID Connect provider other than Microsoft's (ENTRA_AUTHORITY, record
 * 0273): the web is told the provider and the API checks its tokens against the issuer its
 * metadata names, the audience and its published keys. The browser signs in end to end through
 * a real provider in e2e/openid-connect-sign-in.spec.ts.
 */
describe('sign-in through another OpenID Connect provider (ENTRA_AUTHORITY)', () => {
  let op: LocalOpenIdProvider;
  let t: TestApp;

  beforeAll(async () => {
    op = await startLocalOpenIdProvider({ shape: 'own', clientId: 'portal-web' });
    t = await startTestApp({
      devSignIn: false,
      env: { ENTRA_AUTHORITY: op.baseUrl, ENTRA_CLIENT_ID: op.clientId },
      staffDirectory: new InMemoryStaffDirectory([
        testPerson(2, 'Bob Builder'),
        testPerson(6, 'Eve Outside', { username: 'eve@outside.example' }),
      ]),
    });
  });
  afterAll(async () => {
    await t?.close();
    await op?.close();
  });

  const me = (token: string) => t.http('GET', '/api/me', { token });

  it('gives the web the provider as MSAL’s authority, trusted by host, in OpenID Connect mode', async () => {
    const res = await t.http('GET', '/api/auth/config');
    expect(res.body).toEqual({
      devSignIn: false,
      entra: {
        clientId: 'portal-web',
        tenantId: null,
        authority: op.baseUrl,
        knownAuthorities: [new URL(op.baseUrl).host],
        protocol: 'oidc',
        allowedDomains: ['smartwork.example', 'sightstream.example'],
      },
    });
  });

  it('lets the page fetch the provider’s metadata and tokens (CSP connect-src)', async () => {
    const res = await t.http('GET', '/api/auth/config');
    expect(res.headers.get('content-security-policy')).toMatch(
      new RegExp(`connect-src 'self' ${op.baseUrl.replace(/[.]/g, '\\.')}(;|$)`),
    );
  });

  it('accepts the provider’s token of a staff member, with or without a `typ` header', async () => {
    const res = await me(await op.token({ preferred_username: 'bob@smartwork.example' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ staffId: 2, name: 'Bob Builder' });
    // oidc-provider's ID tokens carry no `typ` (it is optional); passport-azure-ad could not read them.
    const bare = await op.token({ preferred_username: 'bob@smartwork.example' }, { withoutTyp: true });
    expect((await me(bare)).status).toBe(200);
  });

  it('answers 401 to an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      preferred_username: 'bob@smartwork.example',
      iat: now - 7200,
      nbf: now - 7200,
      exp: now - 3600,
    };
    expect((await me(await op.token(claims))).status).toBe(401);
  });

  it('answers 401 to a token of another issuer, another audience or an unpublished key', async () => {
    const claims = { preferred_username: 'bob@smartwork.example' };
    const otherIssuer = await op.token({ ...claims, iss: op.issuerOf('elsewhere') });
    expect((await me(otherIssuer)).status).toBe(401);
    const microsoft = await op.token({
      ...claims,
      iss: `https://login.microsoftonline.com/${op.tenantId}/v2.0`,
    });
    expect((await me(microsoft)).status).toBe(401);
    expect((await me(await op.token({ ...claims, aud: 'someone-else' }))).status).toBe(401);
    const unpublished = await op.token({ ...claims }, { signWithUnpublishedKey: true });
    expect((await me(unpublished)).status).toBe(401);
  });

  it("answers 403 'User is not allowed to login.' to a valid token of a domain that is not allowed", async () => {
    const res = await me(await op.token({ preferred_username: 'eve@outside.example' }));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('User is not allowed to login.');
  });
});
