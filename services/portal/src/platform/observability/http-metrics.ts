import type { NextFunction, Request, Response } from 'express';
import { httpRequestDuration } from './metrics';

/**
 * The route label of a request: the pattern Express matched ('/api/expenses/:id'), never the raw
 * URL (ids would make a series per row). Requests no route of the API matched are 'unmatched'
 * under /api and 'web' elsewhere (the web app's files and pages).
 */
export function routeOf(request: Request): string {
  const pattern = (request.route as { path?: unknown } | undefined)?.path;
  // Nest answers an unknown path under /api from a catch-all route ('/api/{*path}').
  if (typeof pattern === 'string' && !pattern.includes('{*')) return `${request.baseUrl}${pattern}`;
  const path = request.originalUrl.split('?')[0];
  return path === '/api' || path.startsWith('/api/') ? 'unmatched' : 'web';
}

/** Express middleware timing every answer into `portal_http_request_duration_seconds`. */
export function measureHttpRequests(request: Request, response: Response, next: NextFunction): void {
  const end = httpRequestDuration.startTimer();
  response.once('finish', () => {
    end({ method: request.method, route: routeOf(request), status: String(response.statusCode) });
  });
  next();
}
