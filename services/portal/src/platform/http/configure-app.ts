import type { NestExpressApplication } from '@nestjs/platform-express';
import { MEGABYTE } from '@portal/contracts';
import type { PortalConfig } from '../config/config';
import { PORTAL_CONFIG } from '../config/config.provider';
import { measureHttpRequests } from '../observability/http-metrics';
import { OPERATOR_ROUTES } from '../observability/operator-routes';
import { POWER_BI_FRAME_ORIGIN } from '../power-bi/power-bi-report-embedding';
import { noStoreApiAnswers } from './no-store';
import { securityHeaders } from './security-headers';
import { traceRequests } from './trace-requests';

/** Largest JSON body the API accepts, in bytes: 1 MB (timesheet batches are small; files use multipart). */
export const JSON_BODY_LIMIT_BYTES = MEGABYTE;

/**
 * Proxies whose X-Forwarded-* headers Express believes: a TLS-terminating proxy on the same host
 * or on a private network (docker, a load balancer in the VPC). Through them `req.secure` tells a
 * request that came over https (HSTS is sent only then).
 */
export const TRUSTED_PROXIES = 'loopback, linklocal, uniquelocal';

/**
 * HTTP settings every process that serves the API applies before `listen` (main.ts and the test
 * harness): the security headers on every answer (security-headers.ts), `Cache-Control: no-store`
 * on the API's answers unless a handler sets its own (no-store.ts), which proxies are
 * trusted, the `/api` prefix (but for the operator routes), the JSON body limit (a larger body
 * answers 413) and the timing of every request (`/metrics`).
 */
export function configureHttpApp(app: NestExpressApplication): void {
  const config = app.get<PortalConfig>(PORTAL_CONFIG);
  app.disable('x-powered-by');
  // First, so every answer is timed, whatever answers it (platform/observability).
  app.use(measureHttpRequests);
  app.set('trust proxy', TRUSTED_PROXIES);
  app.use(traceRequests);
  app.use(
    securityHeaders({
      signIn: config.entra ? new URL(config.entra.authority).origin : null,
      report: config.powerBi ? POWER_BI_FRAME_ORIGIN : null,
    }),
  );
  app.use(noStoreApiAnswers);
  // The operator routes (/health/live, /health/ready, /metrics) stay where probes look for them.
  app.setGlobalPrefix('api', { exclude: [...OPERATOR_ROUTES] });
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT_BYTES });
}
