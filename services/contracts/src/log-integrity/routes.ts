import { json, route, type RouteGroup } from '../kernel/api-routes';
import { type LogVerification } from '../log-integrity';

/** The log-integrity routes, as the API serves them (see kernel/api-routes.ts). */
export const logIntegrityRoutes = {
  tag: 'log-integrity',
  description: "The event log's integrity chain. docs/api.md, Tamper evidence.",
  routes: [
    route({
      method: 'get',
      path: '/audit/verify',
      summary: "Verify the event log's integrity chain",
      access: 'admin-or-auditor',
      response: json<LogVerification>('LogVerification'),
    }), // modules/log-integrity/log-integrity.controller.ts#verify
  ],
} satisfies RouteGroup;
