import { Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { ApiDocsController } from './api-docs.controller';
import { CommandContextInterceptor } from './command-context.interceptor';
import { AllExceptionsFilter } from './exception.filter';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { ReadYourWritesInterceptor } from './read-your-writes.interceptor';

/**
 * The HTTP edge: one exception filter and three interceptors, in this order (outermost first):
 * command context (actor, command id, now), idempotency (replay a stored answer), read-your-writes
 * (wait for the projections, format `position`, bigints to strings). The AuthGuard runs before
 * all of them (platform/auth). Also the API's description: /api/openapi.json and /api/docs.
 */
@Module({
  controllers: [ApiDocsController],
  providers: [
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
    { provide: APP_INTERCEPTOR, useClass: CommandContextInterceptor },
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
    { provide: APP_INTERCEPTOR, useClass: ReadYourWritesInterceptor },
  ],
})
export class HttpEdgeModule {}
