import { Controller, Get, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import {
  HealthCheck,
  HealthCheckService,
  HealthIndicatorService,
  type HealthCheckResult,
  type HealthIndicatorFunction,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import type { Response } from 'express';
import { sql } from 'kysely';
import { Public } from '../auth/decorators';
import type { PortalConfig } from '../config/config';
import { PORTAL_CONFIG } from '../config/config.provider';
import type { Database } from '../database/database';
import { DATABASE } from '../database/database.provider';
import { EventStore } from '../event-store/event-store.port';
import { OperationsProbe } from './operations-probe';
import { RedisPing } from './redis-ping';
import { Draining } from './draining';

/**
 * `/health/live`: the process is up and answers (no dependency is asked, so a database outage
 * never restarts it). `/health/ready`: it can serve now: PostgreSQL (or the embedded database)
 * answers, Redis answers when configured, the event store reads its head, and no projection is more
 * than HEALTH_MAX_PROJECTION_LAG events behind the log. 200 when all are up, 503 with each check's
 * state otherwise. Neither needs a sign-in; a check's failure is named without the driver's text.
 */
@Controller('health')
@Public()
export class HealthController {
  constructor(
    @Inject(PORTAL_CONFIG) private readonly config: PortalConfig,
    @Inject(DATABASE) private readonly db: Database,
    private readonly eventStore: EventStore,
    private readonly probe: OperationsProbe,
    private readonly redis: RedisPing,
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly draining: Draining,
  ) {}

  @Get('live')
  @HealthCheck()
  live(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }

  @Get('ready')
  @HealthCheck()
  async ready(@Res({ passthrough: true }) response: Response): Promise<HealthCheckResult> {
    const checks: HealthIndicatorFunction[] = [
      this.reachable('database', async () => {
        await sql`select 1`.execute(this.db);
      }),
      ...(this.redis.configured ? [this.reachable('redis', () => this.redis.ping())] : []),
      this.reachable('eventStore', async () => {
        await this.eventStore.headPosition();
      }),
      () => this.projectionsCaughtUp(),
      // Stopping (SIGTERM): unready at once, while requests are still answered for the drain delay.
      ...(this.draining.active
        ? [() => this.indicators.check('shutdown').down({ message: 'stopping' })]
        : []),
    ];
    try {
      return await this.health.check(checks);
    } catch (error) {
      // The states of every check are the answer, with 503 (not the one error shape of the API).
      if (!(error instanceof ServiceUnavailableException)) throw error;
      response.status(503);
      return error.getResponse() as HealthCheckResult;
    }
  }

  /** Up when `work` resolves within the check timeout; down, 'not reachable', when it throws or takes longer. */
  private reachable(key: string, work: () => Promise<void>): HealthIndicatorFunction {
    return () =>
      this.verdict(key, async () => {
        try {
          await work();
        } catch {
          throw new CheckFailed('not reachable');
        }
      });
  }

  private projectionsCaughtUp(): Promise<HealthIndicatorResult> {
    const bound = this.config.observability.maxProjectionLag;
    return this.verdict('projections', async () => {
      const lags = await this.probe.projectionLag().catch(() => {
        throw new CheckFailed('lag not readable');
      });
      const behind = [...lags].filter(([, events]) => events > bound);
      if (behind.length > 0) {
        const names = behind.map(([name, events]) => `${name} (${events})`).join(', ');
        throw new CheckFailed(`more than ${bound} events behind: ${names}`);
      }
      return { maxLag: bound };
    });
  }

  /** Runs one check within HEALTH_CHECK_TIMEOUT_MS: up with its data, or down with its reason. */
  private async verdict(key: string, check: () => Promise<Record<string, unknown> | void>) {
    const session = this.indicators.check(key);
    const ms = this.config.observability.healthCheckTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CheckFailed(`no answer within ${ms} ms`)), ms);
    });
    try {
      return session.up((await Promise.race([check(), timeout])) ?? {});
    } catch (error) {
      return session.down({ message: error instanceof CheckFailed ? error.message : 'failed' });
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A check's failure, in words fit for the answer (never the driver's text). */
class CheckFailed extends Error {}
