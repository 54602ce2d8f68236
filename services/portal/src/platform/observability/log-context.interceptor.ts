import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Observable } from 'rxjs';
import type { PortalRequest } from '../auth/decorators';
import { requestFields } from './log-options';

/**
 * Adds the signed-in person's staff id and the correlation id to every line logged while a
 * request is served (the AuthGuard and the command context come before it).
 */
@Injectable()
export class LogContextInterceptor implements NestInterceptor {
  constructor(private readonly logger: PinoLogger) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const fields = requestFields(context.switchToHttp().getRequest<PortalRequest>());
      try {
        // pino-http bound what it knew at the start (a correlation id sent as a header): a field
        // bound twice would appear twice on every line.
        const bound: Record<string, unknown> = this.logger.logger.bindings();
        const added = Object.entries(fields).filter(([key, value]) => bound[key] !== value);
        if (added.length > 0) this.logger.assign(Object.fromEntries(added));
      } catch {
        // Outside a request's scope (a test calling a handler itself) there is nothing to add to.
      }
    }
    return next.handle();
  }
}
