import { asOfQuerySchema } from '../kernel/as-of';
import { file, json, route, XLSX, type RouteGroup } from '../kernel/api-routes';
import { rosterMatrixQuerySchema, rosterSaveSchema, type RosterChoices, type RosterMatrix } from '../roster';
import type { RosterSaveResult } from '../roster';

/** The roster routes, as the API serves them (see kernel/api-routes.ts). */
export const rosterRoutes = {
  tag: 'roster',
  description: 'Who may bill which project (the roster). docs/api.md, Employee - Project Roster.',
  routes: [
    route({
      method: 'get',
      path: '/roster',
      summary: 'The roster matrix',
      description: '`asOf` (an instant): the matrix as it stood then (issue 11).',
      access: 'roster-reader',
      query: [rosterMatrixQuerySchema, asOfQuerySchema],
      response: json<RosterMatrix>('RosterMatrix'),
    }), // modules/roster/roster.controller.ts#matrix
    route({
      method: 'get',
      path: '/roster/choices',
      summary: "The roster's choices",
      access: 'roster-reader',
      response: json<RosterChoices>('RosterChoices'),
    }), // modules/roster/roster.controller.ts#choices
    route({
      method: 'get',
      path: '/roster/export',
      summary: 'The roster as a workbook',
      access: 'roster-reader',
      query: rosterMatrixQuerySchema,
      response: file(XLSX, 'The workbook (.xlsx), as an attachment.'),
    }), // modules/roster/roster.controller.ts#export
    route({
      method: 'post',
      path: '/roster',
      summary: 'Change roster cells',
      description:
        'Answers how many cells changed; waits (read-your-writes) until the read models show them.',
      access: 'roster-editor',
      body: rosterSaveSchema,
      response: json<RosterSaveResult>('RosterSaveResult'),
    }), // modules/roster/roster.controller.ts#save
  ],
} satisfies RouteGroup;
