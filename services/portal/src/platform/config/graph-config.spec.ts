import { ConfigError, loadConfig } from './config';

describe('Microsoft Graph for directory sync (GRAPH_*)', () => {
  const credentials = {
    GRAPH_TENANT_ID: 'contoso',
    GRAPH_CLIENT_ID: 'portal-app',
    GRAPH_CLIENT_SECRET: 's3cret',
  };

  it('is off without credentials', () => {
    expect(loadConfig({}).graph).toBeUndefined();
  });

  it('takes the real Microsoft endpoints and an hourly schedule by default', () => {
    expect(loadConfig(credentials).graph).toEqual({
      tenantId: 'contoso',
      clientId: 'portal-app',
      clientSecret: 's3cret',
      baseUrl: 'https://graph.microsoft.com',
      tokenUrl: 'https://login.microsoftonline.com/contoso/oauth2/v2.0/token',
      syncCron: '17 * * * *',
    });
  });

  it('takes endpoints and a schedule of its own, or none with off', () => {
    const graph = loadConfig({
      ...credentials,
      GRAPH_BASE_URL: 'http://127.0.0.1:4010/',
      GRAPH_TOKEN_URL: 'http://127.0.0.1:4010/contoso/oauth2/v2.0/token',
      DIRECTORY_SYNC_CRON: '*/15 * * * *',
    }).graph;
    expect(graph).toMatchObject({ baseUrl: 'http://127.0.0.1:4010', syncCron: '*/15 * * * *' });
    expect(loadConfig({ ...credentials, DIRECTORY_SYNC_CRON: 'off' }).graph?.syncCron).toBeNull();
  });

  it('refuses a partial set, naming each missing variable, and a schedule it cannot read', () => {
    const partial = () => loadConfig({ GRAPH_TENANT_ID: 'contoso', DIRECTORY_SYNC_CRON: 'every hour' });
    expect(partial).toThrow(ConfigError);
    expect(partial).toThrow(/DIRECTORY_SYNC_CRON: must be a cron pattern such as '17 \* \* \* \*', or off/);
    expect(partial).toThrow(
      /GRAPH_CLIENT_ID: is required when directory sync is configured \(GRAPH_TENANT_ID set\)/,
    );
    expect(partial).toThrow(/GRAPH_CLIENT_SECRET: is required when directory sync is configured/);
  });

  it('refuses plain http endpoints in production, where the secret goes', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PERSONAL_DATA_KEY: Buffer.alloc(32).toString('base64'),
        ENTRA_TENANT_ID: 't',
        ENTRA_CLIENT_ID: 'c',
        ...credentials,
        GRAPH_TOKEN_URL: 'http://login.example/token',
      }),
    ).toThrow(/GRAPH_TOKEN_URL: must use https:\/\/ in production/);
  });
});
