import { admin, json, type RouteGroup } from '../kernel/api-routes';
import type { AwaitingAccessRow } from './access';

/** People awaiting access (modules/access/access.controller.ts; see kernel/api-routes.ts). */
export const accessRoutes = {
  tag: 'access',
  description:
    'People who signed in before anyone added them: Staff Review\'s "Awaiting access" (docs/api.md, First sign-in).',
  routes: [
    admin('GET /admin/access-requests', json<AwaitingAccessRow[]>('AwaitingAccessRow[]'), {
      summary: 'People awaiting access',
      description:
        'Everyone of an allowed domain who signed in and is not a staff member yet, oldest first sign-in first; a person leaves the list once a staff member with their address is added. A sightstream admin sees nobody (the people have no owner yet).',
    }), // modules/access/access.controller.ts#list
  ],
} satisfies RouteGroup;
