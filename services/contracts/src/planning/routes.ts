import { asOfQuerySchema } from '../kernel/as-of';
import { admin, adminOrAuditor, json, workbookFile, type RouteGroup } from '../kernel/api-routes';
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
    adminOrAuditor('GET /admin/planned-hours', json<PlannedHoursGrid>('PlannedHoursGrid'), {
      summary: 'The planned-hours grid',
      query: [plannedHoursQuerySchema, asOfQuerySchema],
    }), // modules/planning/planning.controller.ts#grid
    admin('PUT /admin/planned-hours', json<PlannedHoursSaveResult>('PlannedHoursSaveResult'), {
      summary: 'Save planned hours',
      body: plannedHoursSaveSchema,
    }), // modules/planning/planning.controller.ts#save
    adminOrAuditor('GET /admin/planned-hours/export', workbookFile, {
      summary: 'The planned-hours grid as a workbook',
      query: plannedHoursQuerySchema,
    }), // modules/planning/planning.controller.ts#export
  ],
} satisfies RouteGroup;
