// Fixed dates: PORTAL_NOW and PORTAL_NOW_AT values for the config parser.
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

  it('sends contact-form messages to SUPPORT_EMAIL, support@smartwork.example by default', () => {
    expect(loadConfig({}).supportEmail).toBe('support@smartwork.example');
    expect(loadConfig({ SUPPORT_EMAIL: ' help@firm.example ' }).supportEmail).toBe('help@firm.example');
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL: must be an e-mail/);
  });

  it("reads the firm's time zone from PORTAL_TIME_ZONE, or its older name REMINDERS_TIME_ZONE", () => {
    expect(loadConfig({}).timeZone).toBe('America/Edmonton');
    expect(loadConfig({ PORTAL_TIME_ZONE: ' Asia/Kolkata ' }).timeZone).toBe('Asia/Kolkata');
    expect(loadConfig({ REMINDERS_TIME_ZONE: 'America/Toronto' }).timeZone).toBe('America/Toronto');
    expect(loadConfig({ PORTAL_TIME_ZONE: 'UTC', REMINDERS_TIME_ZONE: 'UTC' }).timeZone).toBe('UTC');
    expect(() => loadConfig({ PORTAL_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /PORTAL_TIME_ZONE: must be an IANA time zone/,
    );
    expect(() => loadConfig({ PORTAL_TIME_ZONE: 'MST' })).toThrow(
      /PORTAL_TIME_ZONE: must be an IANA time zone/,
    );
    expect(() => loadConfig({ PORTAL_TIME_ZONE: 'UTC', REMINDERS_TIME_ZONE: 'America/Toronto' })).toThrow(
      /REMINDERS_TIME_ZONE: is the older name of PORTAL_TIME_ZONE/,
    );
  });

  it('reads PORTAL_BOOTSTRAP_ADMINS as lower-case addresses of the allowed domains, for owner 1 by default', () => {
    expect(loadConfig({}).bootstrap).toEqual({ admins: [], ownerId: 1, ownerName: undefined });
    const config = loadConfig({
      PORTAL_BOOTSTRAP_ADMINS:
        ' Ana.Ruiz@Smartwork.example, sam@sightstream.example,,ana.ruiz@smartwork.example',
      PORTAL_BOOTSTRAP_OWNER: '2',
      PORTAL_BOOTSTRAP_OWNER_NAME: ' Sightstream ',
    });
    expect(config.bootstrap).toEqual({
      admins: ['ana.ruiz@smartwork.example', 'sam@sightstream.example'],
      ownerId: 2,
      ownerName: 'Sightstream',
    });
    expect(() => loadConfig({ PORTAL_BOOTSTRAP_ADMINS: 'ana' })).toThrow(
      /PORTAL_BOOTSTRAP_ADMINS.*must be e-mail addresses/,
    );
    expect(() => loadConfig({ PORTAL_BOOTSTRAP_ADMINS: 'eve@outside.example' })).toThrow(
      /PORTAL_BOOTSTRAP_ADMINS: eve@outside.example is not of ALLOWED_SIGN_IN_DOMAINS/,
    );
    expect(() => loadConfig({ PORTAL_BOOTSTRAP_OWNER: '0' })).toThrow(
      /PORTAL_BOOTSTRAP_OWNER: must be an owner id/,
    );
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

  it('needs the personal-data master key in production: 32 bytes of base64', () => {
    const production = { NODE_ENV: 'production', ENTRA_TENANT_ID: 't', ENTRA_CLIENT_ID: 'c' };
    expect(() => loadConfig(production)).toThrow(/PERSONAL_DATA_KEY: is required in production/);
    expect(() => loadConfig({ PERSONAL_DATA_KEY: 'c2hvcnQ=' })).toThrow(
      /PERSONAL_DATA_KEY: must be 32 bytes written in base64/,
    );
    expect(loadConfig({}).personalDataKey).toBe('rAPJwSaLcMzFTre1G+SmzSvez47Mhch+XOgBAQlZMwI=');
  });

  it('never enables dev sign-in in production, even when unset', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ENTRA_TENANT_ID: 't',
      ENTRA_CLIENT_ID: 'c',
      PERSONAL_DATA_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect(config.devSignIn).toBe(false);
    expect(config.entra?.audience).toBe('c');
  });

  describe('service URLs must use a scheme their adapter speaks', () => {
    const refusals: [string, string, RegExp][] = [
      [
        'DATABASE_URL',
        'mysql://someone@127.0.0.1/db',
        /DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//,
      ],
      [
        'DATABASE_URL',
        'http://example.com/x',
        /DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//,
      ],
      ['REDIS_URL', 'http://127.0.0.1:6379', /REDIS_URL: must start with redis:\/\/ or rediss:\/\//],
      ['SMTP_URL', 'imap://mail.example', /SMTP_URL: must start with smtp:\/\/ or smtps:\/\//],
      [
        'EVENTSTORE_URL',
        'https://esdb.example:2113',
        /EVENTSTORE_URL: must start with esdb:\/\/ or esdb\+discover:\/\//,
      ],
    ];
    it.each(refusals)('%s=%s is refused, naming the variable', (name, value, message) => {
      expect(() => loadConfig({ [name]: value })).toThrow(message);
    });

    it('accepts the schemes of each service', () => {
      const config = loadConfig({
        DATABASE_URL: 'postgresql://portal@db.example:5432/portal',
        REDIS_URL: 'rediss://redis.example:6380',
        SMTP_URL: 'smtps://user:pass@smtp.example:465',
        EVENTSTORE_URL: 'esdb+discover://cluster.example:2113',
      });
      expect(config.databaseUrl).toBe('postgresql://portal@db.example:5432/portal');
      expect(config.redisUrl).toBe('rediss://redis.example:6380');
      expect(config.smtpUrl).toBe('smtps://user:pass@smtp.example:465');
      expect(config.eventStoreUrl).toBe('esdb+discover://cluster.example:2113');
      expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1/portal' }).databaseUrl).toBe(
        'postgres://postgres@127.0.0.1/portal',
      );
    });
  });

  describe('PORTAL_NOW pins the clock for a test run', () => {
    it('is unset by default: the system clock', () => {
      expect(loadConfig({}).pinnedNow).toBeUndefined();
    });

    it('reads the instant, and the real moment it holds at (default: the start)', () => {
      const before = Date.now();
      const started = loadConfig({ NODE_ENV: 'test', PORTAL_NOW: '2026-12-31T23:30:00Z' }).pinnedNow;
      expect(started?.instant.toISOString()).toBe('2026-12-31T23:30:00.000Z');
      expect(started?.since.getTime()).toBeGreaterThanOrEqual(before);
      expect(started?.since.getTime()).toBeLessThanOrEqual(Date.now());

      const anchored = loadConfig({
        PORTAL_NOW: '2028-02-29T10:00:00+05:30',
        PORTAL_NOW_AT: '2026-01-05T08:00:00.000Z',
      }).pinnedNow;
      expect(anchored?.instant.toISOString()).toBe('2028-02-29T04:30:00.000Z');
      expect(anchored?.since.toISOString()).toBe('2026-01-05T08:00:00.000Z');
    });

    it('refuses a value that is not a full instant', () => {
      expect(() => loadConfig({ PORTAL_NOW: '2026-11-23' })).toThrow(
        /PORTAL_NOW: must be an ISO-8601 instant/,
      );
      expect(() => loadConfig({ PORTAL_NOW: 'tomorrow' })).toThrow(/PORTAL_NOW: must be an ISO-8601 instant/);
      expect(() => loadConfig({ PORTAL_NOW_AT: '2026-11-23T10:00:00Z' })).toThrow(
        /PORTAL_NOW_AT: is only read together with PORTAL_NOW/,
      );
    });

    it('is refused when NODE_ENV=production, naming the variable', () => {
      const production = { NODE_ENV: 'production', ENTRA_TENANT_ID: 't', ENTRA_CLIENT_ID: 'c' };
      expect(() => loadConfig({ ...production, PORTAL_NOW: '2026-11-23T10:00:00Z' })).toThrow(
        /PORTAL_NOW: pins the clock for tests and is refused when NODE_ENV=production/,
      );
      expect(() =>
        loadConfig({
          ...production,
          PORTAL_NOW: '2026-11-23T10:00:00Z',
          PORTAL_NOW_AT: '2026-11-23T10:00:00Z',
        }),
      ).toThrow(/PORTAL_NOW_AT: pins the clock for tests/);
    });
  });
});

describe('Power BI (POWERBI_*)', () => {
  const REPORTS = {
    POWERBI_REPORT_CLIENT_TIMESHEET: '11111111-1111-4111-8111-111111111111',
    POWERBI_REPORT_INTERNAL_TIMESHEET: '22222222-2222-4222-8222-222222222222',
    POWERBI_REPORT_OT_MONTHLY: '33333333-3333-4333-8333-333333333333',
    POWERBI_REPORT_OT_BIWEEKLY: '44444444-4444-4444-8444-444444444444',
  };
  const FULL = {
    POWERBI_TENANT_ID: 'contoso-tenant',
    POWERBI_CLIENT_ID: 'portal-app',
    POWERBI_CLIENT_SECRET: 'secret',
    POWERBI_WORKSPACE_ID: 'f089354e-8366-4e18-aea3-4cb4a3a50b48',
    ...REPORTS,
  };

  it('is off when nothing is set', () => {
    expect(loadConfig({}).powerBi).toBeUndefined();
  });

  it('is on with every required variable, with Microsoft’s endpoints and no roles by default', () => {
    expect(loadConfig(FULL).powerBi).toEqual({
      tenantId: 'contoso-tenant',
      clientId: 'portal-app',
      clientSecret: 'secret',
      workspaceId: 'f089354e-8366-4e18-aea3-4cb4a3a50b48',
      reportIds: {
        'Client Timesheet': REPORTS.POWERBI_REPORT_CLIENT_TIMESHEET,
        'Internal Timesheet (Non-billable)': REPORTS.POWERBI_REPORT_INTERNAL_TIMESHEET,
        'OT Timesheet - Monthly': REPORTS.POWERBI_REPORT_OT_MONTHLY,
        'OT Timesheet - Biweekly': REPORTS.POWERBI_REPORT_OT_BIWEEKLY,
      },
      analyticsReportIds: {},
      rlsRoles: [],
      filterTable: 'Timesheets',
      authorityUrl: 'https://login.microsoftonline.com',
      apiUrl: 'https://api.powerbi.com',
    });
  });

  it('gives an analytics page its report when its variable is set, and only then', () => {
    const erpTime = '66666666-6666-4666-8666-666666666666';
    expect(loadConfig({ ...FULL, POWERBI_REPORT_ERP_TIME: erpTime }).powerBi?.analyticsReportIds).toEqual({
      erpTime,
    });
  });

  it('refuses an analytics report without the workspace, naming what is missing', () => {
    expect(() => loadConfig({ POWERBI_REPORT_OFFICE_365: '66666666-6666-4666-8666-666666666666' })).toThrow(
      /POWERBI_REPORT_OFFICE_365.*needs the Power BI workspace configured \(POWERBI_TENANT_ID/,
    );
  });

  it('reads the roles, the filter table and endpoint overrides (trailing slash dropped)', () => {
    const powerBi = loadConfig({
      ...FULL,
      POWERBI_RLS_ROLES: ' Employee, Reviewer ,',
      POWERBI_FILTER_TABLE: 'Time',
      POWERBI_AUTHORITY_URL: 'http://127.0.0.1:4000/',
      POWERBI_API_URL: 'http://127.0.0.1:4000',
    }).powerBi;
    expect(powerBi?.rlsRoles).toEqual(['Employee', 'Reviewer']);
    expect(powerBi?.filterTable).toBe('Time');
    expect(powerBi?.authorityUrl).toBe('http://127.0.0.1:4000');
    expect(powerBi?.apiUrl).toBe('http://127.0.0.1:4000');
  });

  it('refuses a partial set, naming each missing variable', () => {
    const { POWERBI_CLIENT_SECRET: _secret, POWERBI_REPORT_OT_BIWEEKLY: _biweekly, ...partial } = FULL;
    let caught: unknown;
    try {
      loadConfig(partial);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^POWERBI_CLIENT_SECRET: is required when Power BI is configured/);
    expect(problems[1]).toMatch(/^POWERBI_REPORT_OT_BIWEEKLY: is required when Power BI is configured/);
  });

  it('takes only GUIDs for the workspace and reports (they go into URL paths)', () => {
    expect(() => loadConfig({ ...FULL, POWERBI_WORKSPACE_ID: '../../admin' })).toThrow(
      /POWERBI_WORKSPACE_ID: must be a GUID/,
    );
  });

  it('sends the secret only over https in production', () => {
    const production = {
      NODE_ENV: 'production',
      ENTRA_TENANT_ID: 't',
      ENTRA_CLIENT_ID: 'c',
      PERSONAL_DATA_KEY: Buffer.alloc(32, 7).toString('base64'),
      ...FULL,
    };
    expect(() => loadConfig({ ...production, POWERBI_AUTHORITY_URL: 'http://login.example' })).toThrow(
      /POWERBI_AUTHORITY_URL: must use https:\/\/ in production/,
    );
    expect(loadConfig(production).powerBi?.apiUrl).toBe('https://api.powerbi.com');
  });
});
