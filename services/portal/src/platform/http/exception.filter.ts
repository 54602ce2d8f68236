import { STATUS_CODES } from 'node:http';
import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError, type DomainErrorCode, type FieldProblem } from '../../kernel/domain-error';
import { isReadModelNotBuiltYet } from '../database/read-model-missing';
import { UnstorableTextError } from '../event-store/unstorable-text.error';

/** Every error answers this shape (docs/api.md "Errors"). */
export interface ErrorBody {
  readonly statusCode: number;
  readonly error: string;
  readonly message: string;
  readonly problems: readonly FieldProblem[];
  /** Only on a stale edit's 409 that carries them: the current values of what was edited. */
  readonly current?: unknown;
  /** Only on a 400 that carries one: the refusal's structured account (a data import's problems by row). */
  readonly details?: unknown;
}

const STATUS_BY_CODE: Record<DomainErrorCode, number> = {
  validation: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  locked: 423,
  rate_limited: 429,
  unavailable: 503,
};

export const GENERIC_FAILURE_MESSAGE = 'Your request could not be processed.';
export const READ_MODELS_STARTING_MESSAGE = 'The portal is still starting up. Try again in a moment.';
export const UNSTORABLE_TEXT_MESSAGE =
  'The request holds text that cannot be kept: a control character or a broken character. Remove it and try again.';

/**
 * The one exception filter (registered as APP_FILTER). Domain errors map to their status once,
 * here; Nest's HTTP exceptions (401 from the guard, 404 for an unknown route, 400 for a body
 * that is not JSON, ...) and errors of the HTTP stack that carry a client status (413 payload too
 * large) keep their status; text the event log cannot store (the log's last line of defence behind
 * the contracts' free-text rule) is a 400 naming where it was; anything else is a bug: logged, answered 500 with a generic message.
 * A rate-limited refusal (429) says when to try again in `Retry-After` (seconds).
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (response.headersSent) {
      this.logger.error('An error happened after the answer was sent', errorStack(exception));
      response.end();
      return;
    }
    if (exception instanceof DomainError && exception.retryAfterSeconds !== null) {
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    }
    response.status(body.statusCode).json(body);
  }

  toBody(exception: unknown): ErrorBody {
    if (exception instanceof DomainError) {
      const body = errorBody(STATUS_BY_CODE[exception.code], exception.message, exception.problems);
      if (exception.details !== undefined) return { ...body, details: exception.details };
      return exception.current === undefined ? body : { ...body, current: exception.current };
    }
    if (exception instanceof HttpException) {
      return errorBody(exception.getStatus(), httpExceptionMessage(exception), []);
    }
    if (exception instanceof UnstorableTextError) {
      const path = exception.path.replace(/^(data|metadata)\.?/, '');
      return errorBody(400, UNSTORABLE_TEXT_MESSAGE, [{ path, message: UNSTORABLE_TEXT_MESSAGE }]);
    }
    if (isReadModelNotBuiltYet(exception)) {
      return errorBody(503, READ_MODELS_STARTING_MESSAGE, []);
    }
    const clientStatus = exposedClientStatus(exception);
    if (clientStatus !== null) {
      return errorBody(clientStatus, (exception as Error).message, []);
    }
    this.logger.error(errorStack(exception));
    return errorBody(500, GENERIC_FAILURE_MESSAGE, []);
  }
}

function errorBody(statusCode: number, message: string, problems: readonly FieldProblem[]): ErrorBody {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message: message || (STATUS_CODES[statusCode] ?? 'Error'),
    problems: problems.map((p) => ({ path: p.path, message: p.message })),
  };
}

function httpExceptionMessage(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.map(String).join(' ');
  if (typeof message === 'string') return message;
  return exception.message;
}

/**
 * Errors of the HTTP stack follow the `http-errors` convention (body-parser: 413 entity too large,
 * 415 unsupported charset, ...): a 4xx `status` and `expose: true` when the message is meant for
 * the client.
 */
function exposedClientStatus(exception: unknown): number | null {
  if (!(exception instanceof Error)) return null;
  const { status, statusCode, expose } = exception as Error & {
    status?: unknown;
    statusCode?: unknown;
    expose?: unknown;
  };
  const code = typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : null;
  return code !== null && code >= 400 && code < 500 && expose === true ? code : null;
}

function errorStack(exception: unknown): string {
  return exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
}
