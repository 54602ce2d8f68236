import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import pino, { type Logger } from 'pino';
import type { PortalRequest } from '../auth/decorators';
import type { ObservabilityConfig } from '../config/observability-config';
import { isOperatorPath } from './operator-routes';
import { loggedCause } from '../telemetry/cause';
import { activeTraceIds } from '../telemetry/tracing';

export const REQUEST_ID_HEADER = 'x-request-id';
const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;

/**
 * Whatever a log line could carry that must never be written: sign-in tokens and cookies, bodies
 * (a receipt's contents, personal fields), and the usual names of secrets. The request serializer
 * below writes none of them to begin with; this is the net for a line that passes an object on.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'cookie',
  'body',
  'req.body',
  '*.body',
  'token',
  '*.token',
  'password',
  '*.password',
];

type LoggedRequest = IncomingMessage & PortalRequest & { id?: unknown; originalUrl?: string };

/** The request's id: a well-formed X-Request-Id it came with, else a new UUID; answered in X-Request-Id. */
export function requestIdOf(request: IncomingMessage, response: ServerResponse): string {
  const given = request.headers[REQUEST_ID_HEADER];
  const id = typeof given === 'string' && ID_PATTERN.test(given) ? given : randomUUID();
  response.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Who and what a request's lines are about: the signed-in staff id (set by the AuthGuard) and the
 * correlation id of its commands (the CommandContext, else the request's own, else a well-formed
 * X-Correlation-Id).
 */
export function requestFields(request: PortalRequest): Record<string, string> {
  const fields: Record<string, string> = {};
  if (request.principal) fields.actorId = String(request.principal.staffId);
  const header = request.headers['x-correlation-id'];
  // The request's own id when the guard made one before any command (a first sign-in records
  // AccessRequested under it).
  const correlationId =
    request.commandContext?.correlationId ??
    request.correlationId ??
    (typeof header === 'string' && ID_PATTERN.test(header) ? header : undefined);
  if (correlationId) fields.correlationId = correlationId;
  return fields;
}

/** A logger pino-http placed on a request or answer. */
type BoundLog = { log?: { bindings(): Record<string, unknown> } };

/**
 * The request's fields the answer's logger does not hold yet: pino-http asks when the request
 * starts (a correlation id sent as a header) and again for the answer's line, and a field bound
 * twice would appear twice on it.
 */
function unboundRequestFields(request: LoggedRequest, response: BoundLog): Record<string, string> {
  const bound = response.log?.bindings() ?? {};
  return Object.fromEntries(
    Object.entries(requestFields(request)).filter(([key, value]) => bound[key] !== value),
  );
}

/** The path alone: a query string may hold a search for a person or a one-time link's token. */
function pathOf(url: string | undefined): string {
  return (url ?? '').split('?')[0];
}

/** Type, message and stack only: a driver's error may carry the values it refused (`detail`). */
function errorFields(error: Error): { type: string; message: string; stack?: string } {
  return { type: error.name, message: error.message, stack: error.stack };
}

/**
 * pino-http logs a 5xx answer that carried no error with an Error of its own making ("failed with
 * status code 503"); its stack only points into pino-http, so the line keeps the message alone.
 */
const ANSWER_STATUS_ONLY = /^failed with status code \d{3}$/;

/**
 * The level of an answer's line: 503 is a planned answer (read models still building at start-up,
 * Power BI or the directory away) and a warning; any other 5xx or a thrown error is an error.
 */
export function answerLogLevel(statusCode: number, error: Error | undefined): 'info' | 'warn' | 'error' {
  if (error || (statusCode >= 500 && statusCode !== 503)) return 'error';
  return statusCode >= 400 ? 'warn' : 'info';
}

/** The one JSON logger of the process (pino): level and destination from the config. */
export function createLogger(config: ObservabilityConfig): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { service: 'portal' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: errorFields },
      // Trace ids of the span running now; a reaction's or job's correlation and causation ids.
      mixin: () => ({ ...activeTraceIds(), ...loggedCause() }),
    },
    pino.destination({ dest: config.logFile ?? 1, mkdir: config.logFile !== undefined, sync: true }),
  );
}

/**
 * nestjs-pino's settings: every request gets an id and a child logger (the lines Nest's Logger
 * writes while serving it carry `reqId`, and after sign-in `actorId` and `correlationId`, see
 * LogContextInterceptor); one line per answer with method, path, route status and duration, never
 * a header or a body. Probes of the operator routes are not logged.
 */
export function loggerParams(logger: Logger): Params {
  return {
    pinoHttp: {
      logger,
      genReqId: requestIdOf,
      customProps: (request, response) =>
        unboundRequestFields(request as LoggedRequest, response as ServerResponse & BoundLog),
      customLogLevel: (_request, response, error) => answerLogLevel(response.statusCode, error),
      serializers: {
        err: (error: Error) =>
          ANSWER_STATUS_ONLY.test(error.message) ? { message: error.message } : errorFields(error),
        req: (request: { id?: unknown; method?: string; url?: string; raw?: LoggedRequest }) => ({
          id: request.id,
          method: request.method,
          path: pathOf(request.raw?.originalUrl ?? request.url),
        }),
        res: (response: { statusCode?: number }) => ({ statusCode: response.statusCode }),
      },
      autoLogging: { ignore: (request) => isOperatorPath(request.url ?? '') },
      quietReqLogger: true,
    },
  };
}
