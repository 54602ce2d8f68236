import { file, json, route, XLSX, type RouteGroup } from '../kernel/api-routes';
import {
  auditExportQuerySchema,
  auditHistoryQuerySchema,
  auditSearchQuerySchema,
  type AuditHistory,
  type AuditPage,
} from '../audit';

/** The audit routes, as the API serves them (see kernel/api-routes.ts). */
export const auditRoutes = {
  tag: 'audit',
  description:
    "The audit log for admins and auditors: search, one record's history, export. docs/api.md, Audit (issue 11); Auditors.",
  routes: [
    route({
      method: 'get',
      path: '/audit/events',
      summary: 'Search the audit log',
      access: 'admin-or-auditor',
      query: auditSearchQuerySchema,
      response: json<AuditPage>('AuditPage'),
    }), // modules/audit/audit.controller.ts#search
    route({
      method: 'get',
      path: '/audit/history',
      summary: "One record's history",
      access: 'admin-or-auditor',
      query: auditHistoryQuerySchema,
      response: json<AuditHistory>('AuditHistory'),
    }), // modules/audit/audit.controller.ts#history
    route({
      method: 'get',
      path: '/audit/export',
      summary: 'Export the audit log (CSV or workbook)',
      access: 'admin-or-auditor',
      query: auditExportQuerySchema,
      response: file(XLSX, 'The rows as a workbook (.xlsx), or CSV (`text/csv`) when `format=csv`.'),
    }), // modules/audit/audit.controller.ts#export
  ],
} satisfies RouteGroup;
