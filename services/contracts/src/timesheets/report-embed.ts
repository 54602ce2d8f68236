import type { z } from 'zod';
import { requestObject } from '../kernel/fields';
import { bodyIdField, optionalBodyIdField } from '../kernel/ids';
import {
  downloadEndNotBeforeStart,
  downloadRangeFields,
  downloadTypeField,
  timesheetExportMessages,
  type TimesheetExportRequest,
} from './exports';

/**
 * Download Timesheet as an embedded Power BI report (admin spec §7 and contractor spec §7,
 * `POST /getPBIEmbed`): when a workspace is configured the dialogs show the report of the chosen
 * type instead of the portal's .xlsx. The request names the same selection as the file's.
 */

/** GET /api/reports/status: is a Power BI workspace configured? */
export interface ReportsStatus {
  readonly powerBi: boolean;
}

/** POST /api/reports/embed {type, projectId, start, end, employeeId?}: JSON types, each missing field named. */
export const reportEmbedRequestSchema = requestObject({
  type: downloadTypeField(),
  projectId: bodyIdField('Project', timesheetExportMessages.projectRequired),
  ...downloadRangeFields(),
  employeeId: optionalBodyIdField('Employee'),
}).superRefine(downloadEndNotBeforeStart);
export type ReportEmbedQuery = z.output<typeof reportEmbedRequestSchema>;

/** What the web sends: the selection it sends for the file (`employeeId` only for someone else's time). */
export type ReportEmbedRequest = TimesheetExportRequest;

/** A report-level filter in the shape of powerbi-models' basic filter (`In` the values). */
export interface ReportBasicFilter {
  readonly $schema: 'http://powerbi.com/product/schema#basic';
  readonly target: { readonly table: string; readonly column: string };
  readonly filterType: 1;
  readonly operator: 'In';
  readonly values: readonly (string | number)[];
}

/**
 * A report-level filter in the shape of powerbi-models' advanced filter: a range of days as
 * `>= start 00:00` and `< the day after end 00:00`, so a date-time column is covered too.
 */
export interface ReportAdvancedFilter {
  readonly $schema: 'http://powerbi.com/product/schema#advanced';
  readonly target: { readonly table: string; readonly column: string };
  readonly filterType: 0;
  readonly logicalOperator: 'And';
  readonly conditions: readonly {
    readonly operator: 'GreaterThanOrEqual' | 'LessThan';
    readonly value: string;
  }[];
}

export type ReportFilter = ReportBasicFilter | ReportAdvancedFilter;

/** The answer: what powerbi-client needs to show one report to one person. */
export interface ReportEmbed {
  readonly reportId: string;
  /** https://app.powerbi.com/reportEmbed?reportId=...&groupId=... */
  readonly embedUrl: string;
  /** The Power BI embed token (never the portal's own or the AAD token). */
  readonly accessToken: string;
  /** When the embed token expires (ISO-8601 instant). */
  readonly expiresAt: string;
  /** The selection as report filters (the row-level identity is the security; these narrow the view). */
  readonly filters: readonly ReportFilter[];
}

export const reportEmbedMessages = {
  notConfigured: 'Power BI is not configured for this portal. Download the .xlsx instead.',
  unavailable: 'The Power BI report could not be opened just now. Download the .xlsx instead, or try again.',
} as const;
