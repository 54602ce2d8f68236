import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import IORedis from 'ioredis';
import type { PortalConfig } from '../config/config';
import { PORTAL_CONFIG } from '../config/config.provider';

/**
 * One Redis connection of its own for the readiness check (REDIS_URL only; the embedded default
 * has no Redis). It never queues a command while Redis is away, so a PING then fails at once
 * instead of waiting for the reconnect.
 */
@Injectable()
export class RedisPing implements OnApplicationShutdown {
  private client: IORedis | null = null;

  constructor(@Inject(PORTAL_CONFIG) private readonly config: PortalConfig) {}

  get configured(): boolean {
    return this.config.redisUrl !== undefined;
  }

  async ping(): Promise<void> {
    const client = this.connection();
    if (client.status === 'wait') await client.connect();
    const answer = await client.ping();
    if (answer !== 'PONG') throw new Error(`Redis answered ${answer} to PING`);
  }

  private connection(): IORedis {
    if (!this.client) {
      this.client = new IORedis(this.config.redisUrl!, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: this.config.observability.healthCheckTimeoutMs,
      });
      // Errors reach the PING that meets them; the client reconnects by itself.
      this.client.on('error', () => undefined);
    }
    return this.client;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.quit().catch(() => undefined);
    this.client = null;
  }
}
