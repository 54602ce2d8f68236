import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type ServerResponse, type Server } from 'node:http';
import type { PortalConfig } from '../config/config';
import { InjectConfig } from '../config/config.provider';
import { HealthChecks, type HealthAnswer } from './health.controller';
import { scrape } from './metrics.controller';
import { OperationsProbe } from './operations-probe';

/** What the operator port answers, by path (GET only). */
type OperatorRoute = (response: ServerResponse) => Promise<void>;

/**
 * With OPERATOR_PORT set, the operator endpoints (`/metrics`, `/health/live`, `/health/ready`) on
 * that port (every interface: the kubelet and the scraper reach the pod directly) and nothing else
 * (404); the main port then answers them 404. The Service in front of the main port does not name
 * this one, so no ingress can route to it (deploy/k8s, record 0247).
 */
@Injectable()
export class OperatorListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | null = null;
  private readonly logger = new Logger('OperatorListener');
  private readonly routes: ReadonlyMap<string, OperatorRoute>;

  constructor(
    @InjectConfig() private readonly config: PortalConfig,
    probe: OperationsProbe,
    health: HealthChecks,
  ) {
    this.routes = new Map<string, OperatorRoute>([
      [
        '/metrics',
        async (response) => {
          const { contentType, body } = await scrape(probe);
          response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
        },
      ],
      ['/health/live', (response) => health.live().then((answer) => sendHealth(response, answer))],
      ['/health/ready', (response) => health.ready().then((answer) => sendHealth(response, answer))],
    ]);
  }

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.observability.operatorPort;
    if (port === undefined) return;
    const server = createServer((request, response) => {
      const route = request.method === 'GET' ? this.routes.get((request.url ?? '').split('?')[0]) : undefined;
      if (!route) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      route(response).catch((error: unknown) => {
        this.logger.error(`${request.url} failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('The operator endpoint could not answer');
      });
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

function sendHealth(response: ServerResponse, { status, body }: HealthAnswer): void {
  response
    .writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-cache, no-store, must-revalidate',
    })
    .end(JSON.stringify(body));
}
