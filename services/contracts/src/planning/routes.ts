import { asOfQuerySchema } from '../kernel/as-of';
import { admin, adminOrAuditor, json, type RouteGroup } from '../kernel/api-routes';
import { readWithWorkbook } from '../kernel/route-shapes';
import {
  plannedHoursQuerySchema,
  plannedHoursSaveSchema,
  type PlannedHoursGrid,
  type PlannedHoursSaveResult,
  type PlannedHoursProjectOption,
} from '../planning';

/** The planning routes, as the API serves them (see kernel/api-routes.ts). */
export const planningRoutes = {
  tag: 'planning',
  description: 'Planned hours for admins. docs/api.md, Planned hours (admins).',
  routes: [
    adminOrAuditor(
      'GET /admin/planned-hours/projects',
      json<PlannedHoursProjectOption[]>('PlannedHoursProjectOption[]'),
      { summary: 'The projects hours can be planned on' },
    ), // modules/planning/planning.controller.ts#projects
    // modules/planning/planning.controller.ts#grid, #export
    ...readWithWorkbook(
      adminOrAuditor,
      '/admin/planned-hours',
      json<PlannedHoursGrid>('PlannedHoursGrid'),
      { summary: 'The planned-hours grid', query: [plannedHoursQuerySchema, asOfQuerySchema] },
      'The planned-hours grid as a workbook',
    ),
    admin('PUT /admin/planned-hours', json<PlannedHoursSaveResult>('PlannedHoursSaveResult'), {
      summary: 'Save planned hours',
      body: plannedHoursSaveSchema,
    }), // modules/planning/planning.controller.ts#save
  ],
} satisfies RouteGroup;
