import { adminOrAuditor, json, file, XLSX, type RouteGroup } from '../kernel/api-routes';
import {
  auditExportQuerySchema,
  auditHistoryQuerySchema,
  auditSearchQuerySchema,
  type AuditFilterChoices,
  type AuditHistory,
  type AuditPage,
} from '../audit';

/** The audit routes, as the API serves them (see kernel/api-routes.ts). */
export const auditRoutes = {
  tag: 'audit',
  description:
    "The audit log for admins and auditors: search, one record's history, export. docs/api.md, Audit (issue 11); Auditors.",
  routes: [
    adminOrAuditor('GET /audit/events', json<AuditPage>('AuditPage'), {
      summary: 'Search the audit log',
      query: auditSearchQuerySchema,
    }), // modules/audit/audit.controller.ts#search
    adminOrAuditor('GET /audit/filters', json<AuditFilterChoices>('AuditFilterChoices'), {
      summary: "The search's choices: people by name and the audited event types",
    }), // modules/audit/audit.controller.ts#filters
    adminOrAuditor('GET /audit/history', json<AuditHistory>('AuditHistory'), {
      summary: "One record's history",
      query: auditHistoryQuerySchema,
    }), // modules/audit/audit.controller.ts#history
    adminOrAuditor(
      'GET /audit/export',
      file(XLSX, 'The rows as a workbook (.xlsx), or CSV (`text/csv`) when `format=csv`.'),
      { summary: 'Export the audit log (CSV or workbook)', query: auditExportQuerySchema },
    ), // modules/audit/audit.controller.ts#export
  ],
} satisfies RouteGroup;
