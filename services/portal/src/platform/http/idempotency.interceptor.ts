import { createHmac } from 'node:crypto';
import {
  Injectable,
  SetMetadata,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import type { Request, Response } from 'express';
import type { Selectable } from 'kysely';
import { concatMap, defer, from, of, switchMap, type Observable } from 'rxjs';
import type { PortalRequest } from '../auth/decorators';
import type { PortalConfig } from '../config/config';
import { InjectConfig } from '../config/config.provider';
import { derivedSecret } from '../crypto/derived-key';
import type { Database } from '../database/database';
import type { CommandResultsTable, StoredCommandAnswer } from '../database/platform-tables';
import { InjectDatabase } from '../database/database.provider';
import { idempotencyKeyOf } from './command-context.interceptor';
import { DomainError } from '../../kernel/domain-error';

const COMMAND_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const LOG_POSITION_HEADER = 'X-Log-Position';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export const idempotencyMessages = {
  otherActor: 'This Idempotency-Key was already used by someone else. Use a new key.',
  otherRequest: 'This Idempotency-Key was already used for a different request. Use a new key.',
} as const;

const READ_ROUTE = 'portal:read-route';

/**
 * Marks a POST route that only reads (a query whose request is a body): it changes nothing, so an
 * Idempotency-Key has nothing to guard, and its answer (which may hold a short-lived secret such
 * as an embed token) is never stored in `command_results`.
 */
export const ReadRoute = (): MethodDecorator => SetMetadata(READ_ROUTE, true);

/** A stored answer as read back: who got it, and what. */
type StoredRow = Pick<Selectable<CommandResultsTable>, 'actor_id' | 'response'>;

/**
 * Commands (POST/PUT/PATCH/DELETE) sent by a signed-in person with an `Idempotency-Key`: the
 * first successful (2xx) answer is stored in `command_results` under the key; a retry with the
 * same key by the same person gets the stored answer without running the handler again. The
 * same key from another person, or for a different request (method, path or body), is refused
 * with 409. Two concurrent first attempts both run (the event ids derive from the key, so the
 * event store appends once); the second to store answers what the first stored.
 *
 * The request is remembered only as a fingerprint: an HMAC-SHA256 under a server secret (derived
 * from the master key), so a stored row cannot be brute-forced back to a body such as a birth date.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly fingerprintKey: Buffer;

  constructor(
    @InjectDatabase() private readonly db: Database,
    @InjectConfig() config: PortalConfig,
  ) {
    this.fingerprintKey = derivedSecret(config, 'idempotency-fingerprint');
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request & PortalRequest>();
    const response = context.switchToHttp().getResponse<Response>();
    if (!COMMAND_METHODS.has(request.method) || !request.principal) return next.handle();
    if (Reflect.getMetadata(READ_ROUTE, context.getHandler()) === true) return next.handle();
    const key = idempotencyKeyOf(request);
    if (key === undefined) return next.handle();
    const actorId = String(request.principal.staffId);
    const fingerprint = fingerprintOf(this.fingerprintKey, request);

    return defer(() => this.find(key)).pipe(
      switchMap((stored) => {
        if (stored) return of(this.replay(stored, actorId, fingerprint, response));
        return next.handle().pipe(
          concatMap((body) => {
            const status = successStatus(context, request.method);
            const answer: StoredCommandAnswer = {
              status,
              fingerprint,
              hasBody: body !== undefined,
              body: body === undefined ? null : body,
              logPosition: headerText(response.getHeader(LOG_POSITION_HEADER)),
            };
            return from(this.store(key, actorId, answer, response));
          }),
        );
      }),
    );
  }

  private async find(key: string): Promise<StoredRow | undefined> {
    return this.db
      .selectFrom('command_results')
      .select(['actor_id', 'response'])
      .where('command_id', '=', key)
      .executeTakeFirst();
  }

  private async store(
    key: string,
    actorId: string,
    answer: StoredCommandAnswer,
    response: Response,
  ): Promise<unknown> {
    if (answer.status < 200 || answer.status > 299) return answer.hasBody ? answer.body : undefined;
    const inserted = await this.db
      .insertInto('command_results')
      .values({ command_id: key, actor_id: actorId, response: JSON.stringify(answer) })
      .onConflict((oc) => oc.column('command_id').doNothing())
      .returning('command_id')
      .executeTakeFirst();
    if (inserted) return answer.hasBody ? answer.body : undefined;
    // A concurrent request with the same key stored its answer first: answer the same.
    const stored = await this.find(key);
    if (!stored) throw new Error(`command_results lost the row of ${key}`);
    return this.replay(stored, actorId, answer.fingerprint, response);
  }

  private replay(stored: StoredRow, actorId: string, fingerprint: string, response: Response): unknown {
    if (stored.actor_id !== actorId) throw DomainError.conflict(idempotencyMessages.otherActor);
    const answer = stored.response;
    if (answer.fingerprint !== fingerprint) throw DomainError.conflict(idempotencyMessages.otherRequest);
    response.setHeader(REPLAYED_HEADER, 'true');
    if (answer.logPosition) response.setHeader(LOG_POSITION_HEADER, answer.logPosition);
    return answer.hasBody ? answer.body : undefined;
  }
}

/** The status Nest answers a handler's normal return with: `@HttpCode()`, else 201 for POST, else 200. */
function successStatus(context: ExecutionContext, method: string): number {
  const declared = Reflect.getMetadata(HTTP_CODE_METADATA, context.getHandler()) as number | undefined;
  return declared ?? (method === 'POST' ? 201 : 200);
}

/** HMAC of method, path and body: equal for a true retry, meaningless without the server secret. */
function fingerprintOf(key: Buffer, request: Request): string {
  return createHmac('sha256', key)
    .update(`${request.method} ${request.originalUrl}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
}

function headerText(value: number | string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : String(value);
}
