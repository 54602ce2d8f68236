import {
  Injectable,
  Logger,
  Optional,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Response } from 'express';
import { concatMap, type Observable } from 'rxjs';
import type { PortalConfig } from '../config/config';
import { InjectConfig } from '../config/config.provider';
import { formatPosition, type LogPosition } from '../event-store/event-store.port';
import { ProjectionProgress } from '../projection/projection';
import { LOG_POSITION_HEADER } from './idempotency.interceptor';
import { toJsonSafe } from './json-safe';

export function isLogPosition(value: unknown): value is LogPosition {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as LogPosition).commit === 'bigint' &&
    typeof (value as LogPosition).prepare === 'bigint'
  );
}

/**
 * Read-your-writes: when a handler answers an object whose `position` is a LogPosition (the last
 * event its command appended), the answer waits (at most `projectionWaitMs`) until every
 * projection has applied that position (a projection being built is not waited for: its tables are
 * missing or frozen until its swap), then `position` goes out as "commit/prepare" and in the
 * `X-Log-Position` header. If the wait times out the answer is sent anyway (the write happened).
 * Every answer also has its bigints turned into strings so serialising never fails.
 */
@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  private readonly logger = new Logger('ReadYourWrites');

  constructor(
    @InjectConfig() private readonly config: PortalConfig,
    @Optional() private readonly progress?: ProjectionProgress,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const response = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(concatMap((result) => this.settle(result, response)));
  }

  private async settle(result: unknown, response: Response): Promise<unknown> {
    if (typeof result !== 'object' || result === null || Array.isArray(result)) return toJsonSafe(result);
    const position = (result as { position?: unknown }).position;
    if (!isLogPosition(position)) return toJsonSafe(result);
    if (this.progress) {
      const caughtUp = await this.progress.waitFor(position, this.config.projectionWaitMs, {
        exceptBuilding: true,
      });
      if (!caughtUp) {
        this.logger.warn(
          `Projections did not reach ${formatPosition(position)} within ${this.config.projectionWaitMs} ms ` +
            `(behind: ${this.progress.behind(position).join(', ') || 'unknown'})`,
        );
      }
    }
    const formatted = formatPosition(position);
    response.setHeader(LOG_POSITION_HEADER, formatted);
    return toJsonSafe({ ...result, position: formatted });
  }
}
