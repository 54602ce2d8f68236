/**
 * The operator endpoints live outside `/api` (where probes and scrapers look for them): the global
 * prefix leaves them out (configure-app.ts), the web app's fallback page does not answer them
 * (serve-web.ts), and the request log does not record them (probes call them every few seconds).
 */
export const OPERATOR_ROUTES = ['health/live', 'health/ready', 'metrics'] as const;

/** Whether a request path (with or without its query) is one of OPERATOR_ROUTES. */
export function isOperatorPath(url: string): boolean {
  const path = url.split('?')[0].replace(/\/+$/, '');
  return OPERATOR_ROUTES.some((route) => path === `/${route}`);
}
