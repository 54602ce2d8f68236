import { ConfigError, loadConfig } from './config';

describe('observability settings (LOG_LEVEL, LOG_FILE, HEALTH_*)', () => {
  it('log at info, to standard output, ready within 1000 events of lag and 3 s per check by default', () => {
    expect(loadConfig({}).observability).toEqual({
      logLevel: 'info',
      logFile: undefined,
      maxProjectionLag: 1000,
      healthCheckTimeoutMs: 3000,
      operatorPort: undefined,
      shutdownDrainMs: 0,
    });
  });

  it('serve the operator endpoints on a port of their own when OPERATOR_PORT names one, refusing anything else', () => {
    expect(loadConfig({ OPERATOR_PORT: '9464' }).observability.operatorPort).toBe(9464);
    expect(() => loadConfig({ OPERATOR_PORT: '70000' })).toThrow(
      'OPERATOR_PORT: must be a whole number of port from 1 to 65535',
    );
  });

  it('keep tests quiet unless LOG_LEVEL asks', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).observability.logLevel).toBe('silent');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).observability.logLevel).toBe('debug');
  });

  it('read a log file, a lag bound and a check timeout', () => {
    const config = loadConfig({
      LOG_FILE: ' /var/log/portal/portal.log ',
      HEALTH_MAX_PROJECTION_LAG: '0',
      HEALTH_CHECK_TIMEOUT_MS: '500',
    });
    expect(config.observability).toMatchObject({
      logFile: '/var/log/portal/portal.log',
      maxProjectionLag: 0,
      healthCheckTimeoutMs: 500,
    });
  });

  it('refuse values they cannot use, naming each variable and its rule', () => {
    let caught: unknown;
    try {
      loadConfig({ LOG_LEVEL: 'loud', HEALTH_MAX_PROJECTION_LAG: '-1', HEALTH_CHECK_TIMEOUT_MS: '2.5' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      'LOG_LEVEL: must be one of trace, debug, info, warn, error, fatal, silent',
      'HEALTH_MAX_PROJECTION_LAG: must be a whole number of events from 0 to 1000000',
      'HEALTH_CHECK_TIMEOUT_MS: must be a whole number of milliseconds from 100 to 60000',
    ]);
  });
});
