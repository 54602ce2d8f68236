import {
  ANALYTICS_PAGES,
  TIMESHEET_DOWNLOAD_TYPES,
  type AnalyticsPage,
  type TimesheetDownloadType,
} from '@portal/contracts';
import { z } from 'zod';
import { optionalBaseUrl, optionalText } from './env-fields';

/**
 * The Power BI workspace whose reports Download Timesheet embeds (platform/power-bi). Off unless
 * every required variable is set; a partial set is refused at start, naming what is missing.
 */

/** The variable holding the report id of each download type. */
export const POWER_BI_REPORT_VARIABLES = {
  'Client Timesheet': 'POWERBI_REPORT_CLIENT_TIMESHEET',
  'Internal Timesheet (Non-billable)': 'POWERBI_REPORT_INTERNAL_TIMESHEET',
  'OT Timesheet - Monthly': 'POWERBI_REPORT_OT_MONTHLY',
  'OT Timesheet - Biweekly': 'POWERBI_REPORT_OT_BIWEEKLY',
} as const satisfies Record<TimesheetDownloadType, string>;

/**
 * The variable holding the report id of each analytics page (optional each: a page without one
 * shows the portal's built-in view). Setting one needs the workspace configured.
 */
export const POWER_BI_ANALYTICS_VARIABLES = {
  erpTime: 'POWERBI_REPORT_ERP_TIME',
  erpExpenses: 'POWERBI_REPORT_ERP_EXPENSES',
  erpOvertime: 'POWERBI_REPORT_ERP_OVERTIME',
  azureCost: 'POWERBI_REPORT_AZURE_COST',
  office365: 'POWERBI_REPORT_OFFICE_365',
  skillsMatrix: 'POWERBI_REPORT_SKILLS_MATRIX',
} as const satisfies Record<AnalyticsPage, string>;

const REQUIRED = [
  'POWERBI_TENANT_ID',
  'POWERBI_CLIENT_ID',
  'POWERBI_CLIENT_SECRET',
  'POWERBI_WORKSPACE_ID',
  ...TIMESHEET_DOWNLOAD_TYPES.map((type) => POWER_BI_REPORT_VARIABLES[type]),
] as const;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Workspace and report ids go into URL paths: only a GUID is accepted. */
const guid = z
  .string()
  .trim()
  .regex(GUID, 'must be a GUID such as 0d4ae2c9-6e2f-4b8a-9f7e-2c1a5b3d4e6f')
  .optional();
const text = optionalText;
const url = optionalBaseUrl;

export const powerBiEnvShape = {
  POWERBI_TENANT_ID: text,
  POWERBI_CLIENT_ID: text,
  POWERBI_CLIENT_SECRET: text,
  POWERBI_WORKSPACE_ID: guid,
  POWERBI_REPORT_CLIENT_TIMESHEET: guid,
  POWERBI_REPORT_INTERNAL_TIMESHEET: guid,
  POWERBI_REPORT_OT_MONTHLY: guid,
  POWERBI_REPORT_OT_BIWEEKLY: guid,
  POWERBI_REPORT_ERP_TIME: guid,
  POWERBI_REPORT_ERP_EXPENSES: guid,
  POWERBI_REPORT_ERP_OVERTIME: guid,
  POWERBI_REPORT_AZURE_COST: guid,
  POWERBI_REPORT_OFFICE_365: guid,
  POWERBI_REPORT_SKILLS_MATRIX: guid,
  /** Row-level security roles of the dataset given with the person's identity (comma-separated). */
  POWERBI_RLS_ROLES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((role) => role.trim())
        .filter(Boolean),
    ),
  /** The dataset table the report filters name (its columns: ProjectId, EmployeeId, Date). */
  POWERBI_FILTER_TABLE: z.string().trim().min(1).default('Timesheets'),
  /** Azure AD authority (tests point it at a local double). */
  POWERBI_AUTHORITY_URL: url,
  /** Power BI REST API base (tests point it at a local double). */
  POWERBI_API_URL: url,
};

type PowerBiEnv = z.output<z.ZodObject<typeof powerBiEnvShape>> & { readonly NODE_ENV: string };

export interface PowerBiConfig {
  readonly tenantId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly workspaceId: string;
  readonly reportIds: Readonly<Record<TimesheetDownloadType, string>>;
  /** The analytics pages with a report; a page absent here shows its built-in view. */
  readonly analyticsReportIds: Readonly<Partial<Record<AnalyticsPage, string>>>;
  readonly rlsRoles: readonly string[];
  readonly filterTable: string;
  /** e.g. https://login.microsoftonline.com (no trailing slash). */
  readonly authorityUrl: string;
  /** e.g. https://api.powerbi.com (no trailing slash). */
  readonly apiUrl: string;
}

/** Missing variables of a partial set, and plain-http endpoints in production (a secret goes there). */
export function checkPowerBiEnv(env: PowerBiEnv, ctx: z.RefinementCtx): void {
  const missing = REQUIRED.filter((name) => !env[name]);
  if (missing.length > 0 && missing.length < REQUIRED.length) {
    for (const name of missing) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is required when Power BI is configured (${REQUIRED.filter((n) => !missing.includes(n)).join(', ')} set)`,
      });
    }
  }
  if (missing.length > 0) {
    for (const page of ANALYTICS_PAGES) {
      const name = POWER_BI_ANALYTICS_VARIABLES[page];
      if (env[name])
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `needs the Power BI workspace configured (${missing.join(', ')} missing)`,
        });
    }
  }
  if (env.NODE_ENV !== 'production') return;
  for (const name of ['POWERBI_AUTHORITY_URL', 'POWERBI_API_URL'] as const) {
    const value = env[name];
    if (value && !value.startsWith('https://')) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'must use https:// in production' });
    }
  }
}

/** The workspace, or undefined (the feature is off) when the required variables are not all set. */
export function powerBiConfigOf(env: PowerBiEnv): PowerBiConfig | undefined {
  if (REQUIRED.some((name) => !env[name])) return undefined;
  const reportIds = Object.fromEntries(
    TIMESHEET_DOWNLOAD_TYPES.map((type) => [type, env[POWER_BI_REPORT_VARIABLES[type]] as string]),
  ) as Record<TimesheetDownloadType, string>;
  return Object.freeze({
    tenantId: env.POWERBI_TENANT_ID!,
    clientId: env.POWERBI_CLIENT_ID!,
    clientSecret: env.POWERBI_CLIENT_SECRET!,
    workspaceId: env.POWERBI_WORKSPACE_ID!,
    reportIds: Object.freeze(reportIds),
    analyticsReportIds: Object.freeze(
      Object.fromEntries(
        ANALYTICS_PAGES.flatMap((page) => {
          const id = env[POWER_BI_ANALYTICS_VARIABLES[page]];
          return id ? [[page, id]] : [];
        }),
      ),
    ),
    rlsRoles: Object.freeze([...env.POWERBI_RLS_ROLES]),
    filterTable: env.POWERBI_FILTER_TABLE,
    authorityUrl: env.POWERBI_AUTHORITY_URL ?? 'https://login.microsoftonline.com',
    apiUrl: env.POWERBI_API_URL ?? 'https://api.powerbi.com',
  });
}
