import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { PortalConfig } from '../config/config';
import { InjectConfig } from '../config/config.provider';
import { scrape } from './metrics.controller';
import { OperationsProbe } from './operations-probe';

/**
 * With METRICS_PORT set, `GET /metrics` on that port (every interface: the scraper reaches the pod
 * directly) and nothing else (404). The Service in front of the main port does not name it, so no
 * ingress can route to it (deploy/k8s).
 */
@Injectable()
export class MetricsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | null = null;
  private readonly logger = new Logger('MetricsListener');

  constructor(
    @InjectConfig() private readonly config: PortalConfig,
    private readonly probe: OperationsProbe,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.observability.metricsPort;
    if (port === undefined) return;
    const server = createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      if (request.method !== 'GET' || path !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      scrape(this.probe).then(
        ({ contentType, body }) =>
          response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
        (error: unknown) => {
          this.logger.error(`A scrape failed: ${error instanceof Error ? error.message : String(error)}`);
          response.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be read');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, () => resolve());
    });
    this.server = server;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
