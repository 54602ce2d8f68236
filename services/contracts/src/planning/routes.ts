import { asOfQuerySchema } from '../kernel/as-of';
import { file, json, route, XLSX, type RouteGroup } from '../kernel/api-routes';
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
    route({
      method: 'get',
      path: '/admin/planned-hours/projects',
      summary: 'The projects hours can be planned on',
      access: 'admin-or-auditor',
      response: json<PlannedHoursProjectOption[]>('PlannedHoursProjectOption[]'),
    }), // modules/planning/planning.controller.ts#projects
    route({
      method: 'get',
      path: '/admin/planned-hours',
      summary: 'The planned-hours grid',
      access: 'admin-or-auditor',
      query: [plannedHoursQuerySchema, asOfQuerySchema],
      response: json<PlannedHoursGrid>('PlannedHoursGrid'),
    }), // modules/planning/planning.controller.ts#grid
    route({
      method: 'put',
      path: '/admin/planned-hours',
      summary: 'Save planned hours',
      access: 'admin',
      body: plannedHoursSaveSchema,
      response: json<PlannedHoursSaveResult>('PlannedHoursSaveResult'),
    }), // modules/planning/planning.controller.ts#save
    route({
      method: 'get',
      path: '/admin/planned-hours/export',
      summary: 'The planned-hours grid as a workbook',
      access: 'admin-or-auditor',
      query: plannedHoursQuerySchema,
      response: file(XLSX, 'The workbook (.xlsx), as an attachment.'),
    }), // modules/planning/planning.controller.ts#export
  ],
} satisfies RouteGroup;
