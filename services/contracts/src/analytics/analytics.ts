import { z } from 'zod';
import { anyValue, monthField, refuse, requestObject } from '../kernel/fields';
import { optionalIdField } from '../kernel/ids';
import { monthsBetween, monthsSpanned, type BusinessMonth } from '../kernel/dates';
import type { ReportEmbed } from '../timesheets/report-embed';

/**
 * The analytics pages (admin spec §2): six report pages. Each embeds its Power BI report when one
 * is configured for it, else shows the portal's built-in view (the three ERP pages here).
 */
export const ANALYTICS_PAGES = [
  'erpTime',
  'erpExpenses',
  'erpOvertime',
  'azureCost',
  'office365',
  'skillsMatrix',
] as const;
export type AnalyticsPage = (typeof ANALYTICS_PAGES)[number];

/** The ERP pages with a built-in view and an .xlsx export. */
export const ERP_PAGES = ['erpTime', 'erpExpenses', 'erpOvertime'] as const;
export type ErpPage = (typeof ERP_PAGES)[number];

/** The longest range of months an ERP view covers. */
export const ERP_MAX_MONTHS = 24;

export const analyticsMessages = {
  unknownPage: (page: string) => `${page} is not an analytics page`,
  endBeforeStart: 'End month must not be before the start month',
  tooManyMonths: `The range may cover at most ${ERP_MAX_MONTHS} months`,
  ownerOutOfScope: 'You may see only your own organisation’s figures.',
  employeeOutOfScope: (id: number) => `Employee ${id} is outside what you may see.`,
  projectOutOfScope: (id: number) => `Project ${id} is outside what you may see.`,
  unavailable: 'The report cannot be shown right now. The built-in view is shown instead.',
} as const;

/** A page key in the URL path: one of `pages`, else 400 naming it. */
function pageField<const P extends string>(pages: readonly P[]) {
  return anyValue().transform((value, ctx): P => {
    const text = String(value);
    return (pages as readonly string[]).includes(text)
      ? (text as P)
      : refuse(ctx, analyticsMessages.unknownPage(text));
  });
}

/** One of the six pages (the embed). */
export const analyticsPageField = pageField(ANALYTICS_PAGES);
/** One of the ERP pages (figures and export). */
export const erpPageField = pageField(ERP_PAGES);

/**
 * GET /api/admin/analytics/{erpPage}?from=YYYY-MM&to=YYYY-MM[&ownerId=&projectId=&employeeId=]
 * (and its export): the months and the optional narrowing filters.
 */
export const erpFilterSchema = requestObject({
  from: monthField('Start month'),
  to: monthField('End month'),
  ownerId: optionalIdField('Owner'),
  projectId: optionalIdField('Project'),
  employeeId: optionalIdField('Employee'),
}).superRefine((range, ctx) => {
  if (range.to < range.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: analyticsMessages.endBeforeStart });
  else if (monthsSpanned(range.from, range.to) > ERP_MAX_MONTHS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: analyticsMessages.tooManyMonths });
});
export type ErpFilter = z.output<typeof erpFilterSchema>;

/** The months from `from` to `to`, both included (at most ERP_MAX_MONTHS of them). */
export function erpMonths(from: BusinessMonth, to: BusinessMonth): BusinessMonth[] {
  return monthsBetween(from, to).slice(0, ERP_MAX_MONTHS);
}

/** Hours as decimal strings (exact, summed as numeric). */
export interface BillableSplit {
  readonly billable: string;
  readonly nonBillable: string;
  readonly total: string;
}

export interface ErpTimeReport {
  readonly filter: ErpFilter;
  readonly totals: BillableSplit;
  readonly byMonth: readonly ({ readonly month: BusinessMonth } & BillableSplit)[];
  readonly byProject: readonly {
    readonly projectId: number;
    readonly name: string;
    readonly ownerId: number;
    readonly billable: boolean;
    readonly hours: string;
  }[];
  readonly byPerson: readonly ({ readonly employeeId: number; readonly name: string } & BillableSplit)[];
  readonly byOwner: readonly ({ readonly ownerId: number; readonly name: string } & BillableSplit)[];
}

/** An amount in one receipt currency (never added across currencies). */
export interface CurrencyAmount {
  readonly currency: string;
  readonly amount: string;
  readonly count: number;
}

export interface ErpExpensesReport {
  readonly filter: ErpFilter;
  readonly byCurrency: readonly CurrencyAmount[];
  readonly byCategory: readonly ({ readonly categoryId: number; readonly name: string } & CurrencyAmount)[];
  readonly byProject: readonly ({ readonly projectId: number; readonly name: string } & CurrencyAmount)[];
  readonly byMonth: readonly ({ readonly month: BusinessMonth } & CurrencyAmount)[];
}

export interface ErpOvertimeReport {
  readonly filter: ErpFilter;
  readonly total: string;
  readonly byPerson: readonly {
    readonly employeeId: number;
    readonly name: string;
    readonly hours: string;
  }[];
  readonly byProject: readonly {
    readonly projectId: number;
    readonly name: string;
    readonly hours: string;
  }[];
  readonly byMonth: readonly { readonly month: BusinessMonth; readonly hours: string }[];
}

export interface ErpReports {
  readonly erpTime: ErpTimeReport;
  readonly erpExpenses: ErpExpensesReport;
  readonly erpOvertime: ErpOvertimeReport;
}

/** GET /api/admin/analytics/{page}: the report of the page asked for. */
export type ErpReport = ErpReports[keyof ErpReports];

/** GET /api/admin/analytics/{page}/embed: the page's Power BI report, or none configured. */
export type AnalyticsEmbed =
  { readonly powerBi: false } | { readonly powerBi: true; readonly embed: ReportEmbed };

/** The pickers of the ERP filters: what the asker may see. */
export interface ErpFilterOptions {
  readonly owners: readonly { readonly ownerId: number; readonly name: string }[];
  readonly projects: readonly {
    readonly projectId: number;
    readonly name: string;
    readonly ownerId: number;
  }[];
  readonly people: readonly {
    readonly employeeId: number;
    readonly name: string;
    readonly ownerId: number;
  }[];
}

/** The export's file name: erp-time-2026-09-2026-11.xlsx. */
export function erpExportFileName(page: ErpPage, filter: Pick<ErpFilter, 'from' | 'to'>): string {
  const stem = { erpTime: 'erp-time', erpExpenses: 'erp-expenses', erpOvertime: 'erp-overtime' }[page];
  return `${stem}-${filter.from}-${filter.to}.xlsx`;
}
