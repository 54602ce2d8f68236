import { asOfQuerySchema } from '../kernel/as-of';
import { rosterReader, rosterEditor, json, type RouteGroup } from '../kernel/api-routes';
import { readWithWorkbook } from '../kernel/route-shapes';
import { rosterMatrixQuerySchema, rosterSaveSchema, type RosterChoices, type RosterMatrix } from '../roster';
import type { RosterSaveResult } from '../roster';

/** The roster routes, as the API serves them (see kernel/api-routes.ts). */
export const rosterRoutes = {
  tag: 'roster',
  description: 'Who may bill which project (the roster). docs/api.md, Employee - Project Roster.',
  routes: [
    // modules/roster/roster.controller.ts#matrix, #export
    ...readWithWorkbook(
      rosterReader,
      '/roster',
      json<RosterMatrix>('RosterMatrix'),
      {
        summary: 'The roster matrix',
        description: '`asOf` (an instant): the matrix as it stood then (issue 11).',
        query: [rosterMatrixQuerySchema, asOfQuerySchema],
      },
      'The roster as a workbook',
    ),
    rosterReader('GET /roster/choices', json<RosterChoices>('RosterChoices'), {
      summary: "The roster's choices",
    }), // modules/roster/roster.controller.ts#choices
    rosterEditor('POST /roster', json<RosterSaveResult>('RosterSaveResult'), {
      summary: 'Change roster cells',
      description:
        'Answers how many cells changed; waits (read-your-writes) until the read models show them.',
      body: rosterSaveSchema,
    }), // modules/roster/roster.controller.ts#save
  ],
} satisfies RouteGroup;
