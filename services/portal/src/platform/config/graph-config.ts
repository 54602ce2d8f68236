import { z } from 'zod';
import { optionalBaseUrl, optionalText } from './env-fields';
import { CronExpressionParser } from 'cron-parser';

/**
 * Microsoft Graph, read for directory sync (platform/directory): the app registration's client
 * credentials, the endpoints (the real Microsoft ones unless tests point them at a stand-in) and
 * when the scheduled run happens. Off unless the three credentials are set; a partial set is
 * refused at start, naming what is missing.
 */
export interface GraphConfig {
  readonly tenantId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** e.g. https://graph.microsoft.com (no trailing slash). */
  readonly baseUrl: string;
  /** The OAuth2 token endpoint, e.g. https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token. */
  readonly tokenUrl: string;
  /** Five-field cron pattern of the scheduled run, read in UTC; null: only on demand. */
  readonly syncCron: string | null;
}

const CREDENTIALS = ['GRAPH_TENANT_ID', 'GRAPH_CLIENT_ID', 'GRAPH_CLIENT_SECRET'] as const;
const DEFAULT_BASE_URL = 'https://graph.microsoft.com';
/** Every hour at minute 17 (away from the full hour other jobs start at). */
export const DEFAULT_DIRECTORY_SYNC_CRON = '17 * * * *';

const text = optionalText;
const url = optionalBaseUrl;

function isCron(pattern: string): boolean {
  try {
    CronExpressionParser.parse(pattern, { tz: 'UTC', strict: false });
    return true;
  } catch {
    return false;
  }
}

export const graphEnvShape = {
  GRAPH_TENANT_ID: text,
  GRAPH_CLIENT_ID: text,
  GRAPH_CLIENT_SECRET: text,
  /** Graph's base; tests point it at the stand-in. */
  GRAPH_BASE_URL: url,
  /** The client-credentials token endpoint; tests point it at the stand-in. */
  GRAPH_TOKEN_URL: url,
  /** When the scheduled sync runs (cron, UTC), or `off` for on demand only. */
  DIRECTORY_SYNC_CRON: z
    .string()
    .trim()
    .refine(
      (value) => value === 'off' || isCron(value),
      "must be a cron pattern such as '17 * * * *', or off",
    )
    .default(DEFAULT_DIRECTORY_SYNC_CRON),
};

type GraphEnv = z.output<z.ZodObject<typeof graphEnvShape>> & { readonly NODE_ENV: string };

/** The missing credentials of a partial set, and plain-http endpoints in production (the secret goes there). */
export function checkGraphEnv(env: GraphEnv, ctx: z.RefinementCtx): void {
  const missing = CREDENTIALS.filter((name) => !env[name]);
  if (missing.length > 0 && missing.length < CREDENTIALS.length) {
    const set = CREDENTIALS.filter((name) => !missing.includes(name));
    for (const name of missing)
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is required when directory sync is configured (${set.join(', ')} set)`,
      });
  }
  if (env.NODE_ENV !== 'production') return;
  for (const name of ['GRAPH_BASE_URL', 'GRAPH_TOKEN_URL'] as const) {
    const value = env[name];
    if (value && !value.startsWith('https://'))
      ctx.addIssue({ code: 'custom', path: [name], message: 'must use https:// in production' });
  }
}

/** Graph, or undefined (directory sync is off) when the credentials are not all set. */
export function graphConfigOf(env: GraphEnv): GraphConfig | undefined {
  if (CREDENTIALS.some((name) => !env[name])) return undefined;
  const tenantId = env.GRAPH_TENANT_ID!;
  return Object.freeze({
    tenantId,
    clientId: env.GRAPH_CLIENT_ID!,
    clientSecret: env.GRAPH_CLIENT_SECRET!,
    baseUrl: env.GRAPH_BASE_URL ?? DEFAULT_BASE_URL,
    tokenUrl:
      env.GRAPH_TOKEN_URL ??
      `https://login.microsoftonline.com/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`,
    syncCron: env.DIRECTORY_SYNC_CRON === 'off' ? null : env.DIRECTORY_SYNC_CRON,
  });
}
