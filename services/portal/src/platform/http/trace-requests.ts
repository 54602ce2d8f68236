import type { NextFunction, Request, Response } from 'express';
import { contextOfHeaders, SpanKind, startSpan, withContext } from '../telemetry/tracing';

/**
 * Express middleware: each request is the root span of its trace (or continues the caller's, from
 * its `traceparent` header), active for everything the request runs: the command, its appends and
 * the jobs it enqueues. Named by the matched route's pattern, never the raw URL (ids stay out).
 */
export function traceRequests(req: Request, res: Response, next: NextFunction): void {
  const { span, context } = startSpan(`HTTP ${req.method}`, {
    kind: SpanKind.SERVER,
    parent: contextOfHeaders(req.headers),
    attributes: { 'http.request.method': req.method },
  });
  res.on('finish', () => {
    const route = (req.route as { path?: string } | undefined)?.path;
    if (route) {
      span.updateName(`${req.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    span.setAttribute('http.response.status_code', res.statusCode);
    span.end();
  });
  withContext(context, next);
}
