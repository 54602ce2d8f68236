import { adminOrAuditor, json, type RouteGroup } from '../kernel/api-routes';
import { type LogVerification } from '../log-integrity';

/** The log-integrity routes, as the API serves them (see kernel/api-routes.ts). */
export const logIntegrityRoutes = {
  tag: 'log-integrity',
  description: "The event log's integrity chain. docs/api.md, Tamper evidence.",
  routes: [
    adminOrAuditor('GET /audit/verify', json<LogVerification>('LogVerification'), {
      summary: "Verify the event log's integrity chain",
    }), // modules/log-integrity/log-integrity.controller.ts#verify
  ],
} satisfies RouteGroup;
