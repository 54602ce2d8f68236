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
      // Outside a request's scope (a test calling a handler itself) there is nothing to add to.
      if (Object.keys(fields).length > 0) {
        try {
          this.logger.assign(fields);
        } catch {
          // not in a request scope
        }
      }
    }
    return next.handle();
  }
}
