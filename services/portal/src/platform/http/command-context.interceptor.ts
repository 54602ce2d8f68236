import { randomUUID } from 'node:crypto';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import type { PortalRequest } from '../auth/decorators';
import { Clock } from '../clock/clock';
import type { CommandContext } from '../event-store/command-context';
import { DomainError } from '../../kernel/domain-error';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const CORRELATION_ID_HEADER = 'x-correlation-id';

/** The longest Idempotency-Key or X-Correlation-Id. */
export const COMMAND_KEY_MAX_LENGTH = 200;
const KEY_PATTERN = new RegExp(`^[A-Za-z0-9_.:-]{1,${COMMAND_KEY_MAX_LENGTH}}$`);
const keyMessage = (header: string) =>
  `${header} must be 1 to ${COMMAND_KEY_MAX_LENGTH} characters of letters, digits, and _ . : -`;

export const idempotencyKeyMessage = keyMessage('Idempotency-Key');

/** The request's Idempotency-Key, validated; undefined when absent. */
export function idempotencyKeyOf(request: PortalRequest): string | undefined {
  return validKey(request.headers[IDEMPOTENCY_KEY_HEADER], 'Idempotency-Key', idempotencyKeyMessage);
}

function validKey(raw: string | string[] | undefined, path: string, message: string): string | undefined {
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw : [raw];
  if (value.length !== 1 || !KEY_PATTERN.test(value[0])) {
    throw DomainError.validation([{ path, message }]);
  }
  return value[0];
}

/** The request's correlation id: X-Correlation-Id (validated), or one generated; the same all through the request. */
export function correlationIdOf(request: PortalRequest): string {
  request.correlationId ??=
    validKey(request.headers[CORRELATION_ID_HEADER], 'X-Correlation-Id', keyMessage('X-Correlation-Id')) ??
    randomUUID();
  return request.correlationId;
}

/**
 * Builds `request.commandContext` (read by `@CurrentCommand()`) for every signed-in request:
 * the actor is the principal, the command id is the Idempotency-Key (or a fresh UUID), the
 * correlation id is X-Correlation-Id (or a fresh UUID), and "now" is the injected Clock's.
 */
@Injectable()
export class CommandContextInterceptor implements NestInterceptor {
  constructor(private readonly clock: Clock) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<PortalRequest>();
      if (request.principal) request.commandContext = this.build(request);
    }
    return next.handle();
  }

  private build(request: PortalRequest): CommandContext {
    const principal = request.principal!;
    return {
      actor: { id: String(principal.staffId), name: principal.name },
      commandId: idempotencyKeyOf(request) ?? randomUUID(),
      correlationId: correlationIdOf(request),
      causationId: null,
      now: this.clock.now(),
    };
  }
}
