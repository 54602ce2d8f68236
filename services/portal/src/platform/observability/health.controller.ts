import {
  Controller,
  Get,
  Inject,
  Injectable,
  NotFoundException,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
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

/** A health answer: its status code (200 or 503) and each check's state. */
export interface HealthAnswer {
  readonly status: 200 | 503;
  readonly body: HealthCheckResult;
}

/**
 * `/health/live`: the process is up and answers (no dependency is asked, so a database outage
 * never restarts it). `/health/ready`: it can serve now: PostgreSQL (or the embedded database)
 * answers, Redis answers when configured, the event store reads its head, and no projection is more
 * than HEALTH_MAX_PROJECTION_LAG events behind the log. 200 when all are up, 503 with each check's
 * state otherwise. A check's failure is named without the driver's text. Answered by the main
 * port (HealthController) or, with OPERATOR_PORT, by the operator port only (OperatorListener).
 */
@Injectable()
export class HealthChecks {
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

  live(): Promise<HealthAnswer> {
    return this.answer([]);
  }

  ready(): Promise<HealthAnswer> {
    return this.answer([
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
    ]);
  }

  private async answer(checks: HealthIndicatorFunction[]): Promise<HealthAnswer> {
    try {
      return { status: 200, body: await this.health.check(checks) };
    } catch (error) {
      // The states of every check are the answer, with 503 (not the one error shape of the API).
      if (!(error instanceof ServiceUnavailableException)) throw error;
      return { status: 503, body: error.getResponse() as HealthCheckResult };
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

/** The health routes on the main port (no sign-in); 404 there when OPERATOR_PORT serves them. */
@Controller('health')
@Public()
export class HealthController {
  constructor(
    private readonly checks: HealthChecks,
    @Inject(PORTAL_CONFIG) private readonly config: PortalConfig,
  ) {}

  @Get('live')
  @HealthCheck()
  live(@Res({ passthrough: true }) response: Response): Promise<HealthCheckResult> {
    return this.send(response, () => this.checks.live());
  }

  @Get('ready')
  @HealthCheck()
  ready(@Res({ passthrough: true }) response: Response): Promise<HealthCheckResult> {
    return this.send(response, () => this.checks.ready());
  }

  private async send(response: Response, check: () => Promise<HealthAnswer>): Promise<HealthCheckResult> {
    if (this.config.observability.operatorPort !== undefined) throw new NotFoundException();
    const { status, body } = await check();
    response.status(status);
    return body;
  }
}
