import { anyone, json, type RouteGroup } from '../kernel/api-routes';
import type { OpenApiDocument } from './document';
import { accessRoutes } from '../access/routes';
import { analyticsRoutes } from '../analytics/routes';
import { dataImportRoutes } from '../data-imports/routes';
import { auditRoutes } from '../audit/routes';
import { authRoutes } from '../auth/routes';
import { catalogRoutes } from '../catalog/routes';
import { exchangeRatesRoutes } from '../exchange-rates/routes';
import { expensesRoutes } from '../expenses/routes';
import { helpRoutes } from '../help/routes';
import { hiringRoutes } from '../hiring/routes';
import { holidaysRoutes } from '../holidays/routes';
import { leaveRoutes } from '../leave/routes';
import { logIntegrityRoutes } from '../log-integrity/routes';
import { periodsRoutes } from '../periods/routes';
import { planningRoutes } from '../planning/routes';
import { remindersRoutes } from '../reminders/routes';
import { rosterRoutes } from '../roster/routes';
import { staffRoutes } from '../staff/routes';
import { timesheetsRoutes } from '../timesheets/routes';
import { vehiclesRoutes } from '../vehicles/routes';

/** This document and its reader (platform/http/api-docs.controller.ts). */
export const docsRoutes = {
  tag: 'docs',
  description: 'This document, and a page to read it (Swagger UI, served by the portal itself).',
  routes: [
    anyone('GET /openapi.json', json<OpenApiDocument>('OpenApiDocument'), {
      summary: 'This OpenAPI 3.1 document',
    }),
    anyone(
      'GET /docs',
      { kind: 'file', contentType: 'text/html', description: 'The page.' },
      { summary: 'The API reference page (Swagger UI)' },
    ),
    anyone(
      'GET /docs/{file}',
      {
        kind: 'file',
        contentType: 'application/javascript',
        description: 'A script or style sheet.',
      },
      { summary: "The reference page's own scripts and styles" },
    ),
  ],
} satisfies RouteGroup;

/** The groups with their precise route types (api-map.ts types callers from them). */
const DECLARED_GROUPS = [
  authRoutes,
  accessRoutes,
  staffRoutes,
  catalogRoutes,
  timesheetsRoutes,
  expensesRoutes,
  periodsRoutes,
  leaveRoutes,
  holidaysRoutes,
  exchangeRatesRoutes,
  rosterRoutes,
  planningRoutes,
  vehiclesRoutes,
  hiringRoutes,
  analyticsRoutes,
  dataImportRoutes,
  remindersRoutes,
  helpRoutes,
  auditRoutes,
  logIntegrityRoutes,
  docsRoutes,
] as const satisfies readonly RouteGroup[];

/** The precise type of every group, for api-map.ts (types only). */
export type DeclaredRouteGroups = typeof DECLARED_GROUPS;

/** Every route of the API, by context (the order of the document's tags). */
export const API_ROUTE_GROUPS: readonly RouteGroup[] = DECLARED_GROUPS;
