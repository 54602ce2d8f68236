import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('falls back to the embedded default when nothing is configured', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.roles).toEqual(['api', 'projector', 'worker']);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.devSignIn).toBe(true);
  });

  it('names every bad variable in one error', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'abc', PORTAL_ROLES: 'api,cook', REDIS_URL: 'not a url' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toContain('PORT');
    expect(message).toContain('PORTAL_ROLES');
    expect(message).toContain('REDIS_URL');
    expect((caught as ConfigError).problems).toHaveLength(3);
  });

  it('refuses dev sign-in in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DEV_SIGN_IN: 'true', ENTRA_TENANT_ID: 't', ENTRA_CLIENT_ID: 'c' }),
    ).toThrow(/DEV_SIGN_IN: dev sign-in is refused when NODE_ENV=production/);
  });

  it('uses the embedded exchange rates unless EXCHANGE_RATES_URL names a provider', () => {
    expect(loadConfig({}).exchangeRatesUrl).toBeUndefined();
    expect(loadConfig({ EXCHANGE_RATES_URL: ' https://rates.example/v1/latest ' }).exchangeRatesUrl).toBe(
      'https://rates.example/v1/latest',
    );
    expect(() => loadConfig({ EXCHANGE_RATES_URL: 'rates please' })).toThrow(
      /EXCHANGE_RATES_URL: must be a URL/,
    );
  });

  it('never enables dev sign-in in production, even when unset', () => {
    const config = loadConfig({ NODE_ENV: 'production', ENTRA_TENANT_ID: 't', ENTRA_CLIENT_ID: 'c' });
    expect(config.devSignIn).toBe(false);
    expect(config.entra?.audience).toBe('c');
  });
});
