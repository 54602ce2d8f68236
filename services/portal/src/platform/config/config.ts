import { z } from 'zod';
import {
  checkFileStorageEnv,
  fileStorageConfigOf,
  fileStorageEnvShape,
  type FileStorageConfig,
} from './file-storage-config';
import {
  bootstrapConfigOf,
  bootstrapEnvShape,
  checkBootstrapEnv,
  type BootstrapConfig,
} from './bootstrap-config';
import { checkPowerBiEnv, powerBiConfigOf, powerBiEnvShape, type PowerBiConfig } from './power-bi-config';
import { checkGraphEnv, graphConfigOf, graphEnvShape, type GraphConfig } from './graph-config';
import { checkEntraEnv, entraConfigOf, entraEnvShape, type EntraConfig } from './entra-config';
import { remindersConfigOf, remindersEnvShape, type RemindersConfig } from './reminders-config';
import { checkTimeZoneEnv, defaultTimeZoneOf, timeZoneEnvShape } from './time-zone-config';
import {
  observabilityConfigOf,
  observabilityEnvShape,
  type ObservabilityConfig,
} from './observability-config';

/**
 * The one typed configuration, parsed from the environment once at start.
 * Anything not configured falls back to the embedded default (see ARCHITECTURE §2).
 */
const roles = ['api', 'projector', 'worker'] as const;
export type PortalRole = (typeof roles)[number];

const optionalUrl = z
  .string()
  .trim()
  .min(1)
  .pipe(z.url({ message: 'must be a URL' }))
  .optional();

/** A service URL whose scheme must be one the adapter speaks (another would connect elsewhere). */
function serviceUrl(schemes: readonly string[], example: string) {
  const names = schemes.map((s) => `${s}://`);
  return optionalUrl.refine(
    // A value that is no URL at all is already refused as such, once.
    (url) => url === undefined || !URL.canParse(url) || schemes.includes(new URL(url).protocol.slice(0, -1)),
    { message: `must start with ${names.join(' or ')} (for example ${example})` },
  );
}

/**
 * An instant written in full ISO-8601 with its offset ('2026-11-23T10:00:00Z'); for the
 * test-only clock settings below.
 */
const optionalInstant = z
  .string()
  .trim()
  .min(1)
  .pipe(z.iso.datetime({ offset: true, message: 'must be an ISO-8601 instant such as 2026-11-23T10:00:00Z' }))
  .transform((text) => new Date(text))
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PORTAL_ROLES: z
      .string()
      .default('api,projector,worker')
      .transform((text) => text.split(',').map((r) => r.trim()))
      .pipe(z.array(z.enum(roles, { message: `each role must be one of ${roles.join(', ')}` })).min(1)),
    DATA_DIR: z.string().min(1).default('.data'),
    DATABASE_URL: serviceUrl(['postgres', 'postgresql'], 'postgres://portal@db.example:5432/portal'),
    EVENTSTORE_URL: serviceUrl(['esdb', 'esdb+discover'], 'esdb://eventstore.example:2113?tls=false'),
    REDIS_URL: serviceUrl(['redis', 'rediss'], 'redis://redis.example:6379'),
    SMTP_URL: serviceUrl(['smtp', 'smtps'], 'smtp://user:pass@smtp.example:587'),
    MAIL_FROM: z.string().default('Portal <portal@smartwork.example>'),
    /** Where the Need Help? contact form (/user-help) sends people's messages. */
    SUPPORT_EMAIL: z
      .string()
      .trim()
      .pipe(z.email({ message: 'must be an e-mail address such as support@smartwork.example' }))
      .default('support@smartwork.example'),
    SEED_DEMO: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
    DEV_SIGN_IN: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Master key wrapping each person's data key (platform/crypto): 32 bytes, base64. */
    PERSONAL_DATA_KEY: z
      .string()
      .trim()
      .refine((text) => Buffer.from(text, 'base64').length === 32, 'must be 32 bytes written in base64')
      .optional(),
    ALLOWED_SIGN_IN_DOMAINS: z
      .string()
      .default('smartwork.example,sightstream.example')
      .transform((text) =>
        text
          .split(',')
          .map((d) => d.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string()).min(1, 'must name at least one domain')),
    /** First admins made on their first sign-in (bootstrap-config.ts). */
    ...bootstrapEnvShape,
    /** Single sign-on: Entra ID or another OpenID Connect provider (entra-config.ts). */
    ...entraEnvShape,
    PROJECTION_WAIT_MS: z.coerce.number().int().min(0).default(5000),
    /** Exchange-rate provider; unset = the embedded rates table admins edit. */
    EXCHANGE_RATES_URL: optionalUrl,
    /** Power BI embedding of Download Timesheet (power-bi-config.ts); unset = the portal's .xlsx. */
    ...powerBiEnvShape,
    /** Directory sync from Microsoft Entra ID through Graph (graph-config.ts); unset = off. */
    ...graphEnvShape,
    /** When the reminders go out and where their links point (reminders-config.ts). */
    ...remindersEnvShape,
    /** The zone of every owner that set none (time-zone-config.ts). */
    ...timeZoneEnvShape,
    /** Whether the hourly sweep of resumes no candidate named is scheduled (modules/hiring). */
    RESUME_SWEEP_ENABLED: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('true')
      .transform((v) => v === 'true'),
    /** Where files are kept: the local folder or Azure Blob Storage (file-storage-config.ts). */
    ...fileStorageEnvShape,
    /** The log and the readiness bounds (observability-config.ts). */
    ...observabilityEnvShape,
    /** OpenTelemetry traces over OTLP/HTTP to this base URL (platform/telemetry); unset = off. */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    OTEL_SERVICE_NAME: z.string().trim().min(1).default('portal'),
    /** Test only: "now" starts at this instant and ticks on from it (see PinnedNow). */
    PORTAL_NOW: optionalInstant,
    /** Test only: the real moment at which "now" is PORTAL_NOW (default: when the process starts). */
    PORTAL_NOW_AT: optionalInstant,
  })
  .superRefine((env, ctx) => {
    checkPowerBiEnv(env, ctx);
    checkGraphEnv(env, ctx);
    checkEntraEnv(env, ctx);
    checkFileStorageEnv(env, ctx);
    checkBootstrapEnv(env, ctx);
    checkTimeZoneEnv(env, ctx);
    for (const name of ['PORTAL_NOW', 'PORTAL_NOW_AT'] as const) {
      if (env.NODE_ENV === 'production' && env[name] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'pins the clock for tests and is refused when NODE_ENV=production',
        });
      }
    }
    if (env.PORTAL_NOW_AT !== undefined && env.PORTAL_NOW === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['PORTAL_NOW_AT'],
        message: 'is only read together with PORTAL_NOW',
      });
    }
    if (env.NODE_ENV === 'production' && env.DEV_SIGN_IN === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_SIGN_IN'],
        message: 'dev sign-in is refused when NODE_ENV=production',
      });
    }
    if (env.NODE_ENV === 'production' && !env.PERSONAL_DATA_KEY) {
      ctx.addIssue({ code: 'custom', path: ['PERSONAL_DATA_KEY'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET && env.DEV_SIGN_IN) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
    }
  });

export type Env = z.input<typeof envSchema>;

export interface PortalConfig {
  readonly nodeEnv: 'development' | 'test' | 'production';
  readonly port: number;
  readonly roles: readonly PortalRole[];
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly eventStoreUrl: string | undefined;
  readonly redisUrl: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** The address the contact form writes to (SUPPORT_EMAIL). */
  readonly supportEmail: string;
  readonly seedDemo: boolean;
  readonly devSignIn: boolean;
  readonly sessionSecret: string;
  /** Base64 of the 32-byte master key of personal data (a dev default when not configured). */
  readonly personalDataKey: string;
  readonly allowedSignInDomains: readonly string[];
  /** PORTAL_BOOTSTRAP_ADMINS and the owner they become admins of (modules/access). */
  readonly bootstrap: BootstrapConfig;
  /** Single sign-on (entra-config.ts); undefined: dev sign-in only. */
  readonly entra: EntraConfig | undefined;
  readonly projectionWaitMs: number;
  /** HTTP exchange-rate provider (modules/exchange-rates/adapters); undefined = embedded rates table. */
  readonly exchangeRatesUrl: string | undefined;
  /** The Power BI workspace Download Timesheet embeds (platform/power-bi); undefined = off. */
  readonly powerBi: PowerBiConfig | undefined;
  /** Microsoft Graph for directory sync (platform/directory); undefined = off. */
  readonly graph: GraphConfig | undefined;
  /** The reminder mails' schedule, waiting limit and links (modules/reminders). */
  readonly reminders: RemindersConfig;
  /** IANA zone of every owner that set none of its own (PORTAL_TIME_ZONE, default America/Edmonton). */
  readonly timeZone: string;
  /** Whether the hourly resume sweep is scheduled (RESUME_SWEEP_ENABLED, default true; the test harness turns it off). */
  readonly resumeSweepEnabled: boolean;
  /** Where files are kept (platform/files): the local folder or an Azure Blob container. */
  readonly fileStorage: FileStorageConfig;
  /** The JSON log and the bounds of /health/ready (platform/observability). */
  readonly observability: ObservabilityConfig;
  /** Where traces go (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME); undefined = not traced. */
  readonly tracing: { readonly endpoint: string; readonly serviceName: string } | undefined;
  /** Test only (PORTAL_NOW): the Clock runs from this instant instead of the real time. */
  readonly pinnedNow: PinnedNow | undefined;
}

/**
 * A clock pinned for a test run: "now" is `instant` at the real moment `since`, and moves on at
 * the real pace from there (so tokens expire, retries back off and events keep their order).
 */
export interface PinnedNow {
  readonly instant: Date;
  readonly since: Date;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DEV_SESSION_SECRET = 'embedded-default-dev-session-secret-not-for-production';
/** Base64 of SHA-256('embedded-default-personal-data-key-not-for-production'): dev and tests only. */
const DEV_PERSONAL_DATA_KEY = 'rAPJwSaLcMzFTre1G+SmzSvez47Mhch+XOgBAQlZMwI=';

/** Parses the environment; throws one ConfigError that names every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): PortalConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const embeddedDatabase = !e.DATABASE_URL;
  const entra = entraConfigOf(e);
  return Object.freeze({
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    roles: Object.freeze([...new Set(e.PORTAL_ROLES)]),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    seedDemo: e.SEED_DEMO ?? embeddedDatabase,
    devSignIn: e.NODE_ENV !== 'production' && (e.DEV_SIGN_IN ?? !entra),
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    personalDataKey: e.PERSONAL_DATA_KEY ?? DEV_PERSONAL_DATA_KEY,
    allowedSignInDomains: Object.freeze(e.ALLOWED_SIGN_IN_DOMAINS),
    bootstrap: bootstrapConfigOf(e),
    entra,
    projectionWaitMs: e.PROJECTION_WAIT_MS,
    exchangeRatesUrl: e.EXCHANGE_RATES_URL,
    powerBi: powerBiConfigOf(e),
    graph: graphConfigOf(e),
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : undefined,
    reminders: remindersConfigOf(e),
    timeZone: defaultTimeZoneOf(e),
    resumeSweepEnabled: e.RESUME_SWEEP_ENABLED,
    fileStorage: fileStorageConfigOf(e),
    observability: observabilityConfigOf(e),
    pinnedNow: e.PORTAL_NOW ? { instant: e.PORTAL_NOW, since: e.PORTAL_NOW_AT ?? new Date() } : undefined,
  });
}
