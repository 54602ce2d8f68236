import { loadConfig } from './config';

describe('single sign-on settings (ENTRA_*)', () => {
  it('signs in through Entra ID by default: the tenant authority, its issuers and metadata', () => {
    const entra = loadConfig({ ENTRA_TENANT_ID: 't1', ENTRA_CLIENT_ID: 'c1' }).entra;
    expect(entra).toEqual({
      tenantId: 't1',
      clientId: 'c1',
      audience: 'c1',
      authority: 'https://login.microsoftonline.com/t1',
      protocol: 'entra',
      knownAuthorities: [],
      metadataUrl: 'https://login.microsoftonline.com/t1/v2.0/.well-known/openid-configuration',
      issuers: ['https://login.microsoftonline.com/t1/v2.0', 'https://sts.windows.net/t1/'],
    });
  });

  it('signs in through another OpenID Connect provider named by ENTRA_AUTHORITY', () => {
    const entra = loadConfig({
      ENTRA_AUTHORITY: 'https://id.firm.example/realms/staff/',
      ENTRA_CLIENT_ID: 'portal',
    }).entra;
    expect(entra).toEqual({
      tenantId: null,
      clientId: 'portal',
      audience: 'portal',
      authority: 'https://id.firm.example/realms/staff',
      protocol: 'oidc',
      knownAuthorities: ['id.firm.example'],
      metadataUrl: 'https://id.firm.example/realms/staff/.well-known/openid-configuration',
      issuers: null,
    });
    expect(
      loadConfig({ ENTRA_AUTHORITY: 'https://id.firm.example', ENTRA_CLIENT_ID: 'portal' }).devSignIn,
    ).toBe(false);
  });

  it('refuses an authority without a client id, a plain-http one, and Microsoft’s without a tenant', () => {
    expect(() => loadConfig({ ENTRA_AUTHORITY: 'https://id.firm.example' })).toThrow(
      /ENTRA_CLIENT_ID: is required with ENTRA_AUTHORITY/,
    );
    expect(() => loadConfig({ ENTRA_TENANT_ID: 't1' })).toThrow(
      /ENTRA_CLIENT_ID: is required with ENTRA_TENANT_ID/,
    );
    expect(() => loadConfig({ ENTRA_CLIENT_ID: 'c1' })).toThrow(
      /ENTRA_TENANT_ID: ENTRA_TENANT_ID \(or ENTRA_AUTHORITY/,
    );
    expect(() => loadConfig({ ENTRA_AUTHORITY: 'http://id.firm.example', ENTRA_CLIENT_ID: 'c1' })).toThrow(
      /ENTRA_AUTHORITY: must use https:\/\//,
    );
    expect(() =>
      loadConfig({
        ENTRA_AUTHORITY: 'https://login.microsoftonline.com/organizations',
        ENTRA_CLIENT_ID: 'c1',
      }),
    ).toThrow(/ENTRA_TENANT_ID: is required when ENTRA_AUTHORITY is login.microsoftonline.com/);
  });

  it('needs a provider in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /ENTRA_TENANT_ID: is required in production \(Entra ID sign-in, or ENTRA_AUTHORITY/,
    );
    const production = { NODE_ENV: 'production', PERSONAL_DATA_KEY: Buffer.alloc(32, 7).toString('base64') };
    expect(
      loadConfig({ ...production, ENTRA_AUTHORITY: 'https://id.firm.example', ENTRA_CLIENT_ID: 'c' }).entra
        ?.protocol,
    ).toBe('oidc');
  });
});
