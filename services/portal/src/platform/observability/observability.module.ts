import { Module, type DynamicModule } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { LoggerModule } from 'nestjs-pino';
import type { PortalConfig } from '../config/config';
import { HealthChecks, HealthController } from './health.controller';
import { LogContextInterceptor } from './log-context.interceptor';
import { createLogger, loggerParams } from './log-options';
import { collectProcessMetrics } from './metrics';
import { MetricsController } from './metrics.controller';
import { OperatorListener } from './operator-listener';
import { Draining } from './draining';
import { OperationsProbe } from './operations-probe';
import { RedisPing } from './redis-ping';

/**
 * What the portal tells operators (docs/operations.md): `/health/live` and `/health/ready`
 * (@nestjs/terminus), `/metrics` (prom-client); with OPERATOR_PORT set, these are served on that port only and the JSON log (pino through nestjs-pino: main.ts
 * makes it Nest's logger). Import it after the HTTP edge, so its interceptor sees the command context.
 */
@Module({})
export class ObservabilityModule {
  static forRoot(config: PortalConfig): DynamicModule {
    collectProcessMetrics();
    return {
      module: ObservabilityModule,
      imports: [
        TerminusModule.forRoot(),
        LoggerModule.forRoot(loggerParams(createLogger(config.observability))),
      ],
      controllers: [HealthController, MetricsController],
      exports: [Draining],
      providers: [
        OperationsProbe,
        RedisPing,
        HealthChecks,
        OperatorListener,
        Draining,
        { provide: APP_INTERCEPTOR, useClass: LogContextInterceptor },
      ],
    };
  }
}
