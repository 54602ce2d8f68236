import 'reflect-metadata';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { Logger as NestLogger, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app/app.module';
import { ConfigError, loadConfig, type PortalConfig } from './platform/config/config';
import { DatabaseUnreachableError, ensureDatabaseReachable } from './platform/database/database';
import { configureHttpApp } from './platform/http/configure-app';
import { Draining } from './platform/observability/draining';
import { isOperatorPath } from './platform/observability/operator-routes';
import { serveWebApp } from './platform/http/serve-web';

/** Every path but the operator endpoints answers 404 in a process without the `api` role. */
function operatorRoutesOnly(req: Request, res: Response, next: NextFunction): void {
  if (isOperatorPath(req.url)) return next();
  res.status(404).json({ message: 'This process serves only /health/live, /health/ready and /metrics.' });
}

/**
 * SIGTERM: `/health/ready` answers 503 at once (the load balancer takes the process out) while it
 * serves on for SHUTDOWN_DRAIN_MS; then it closes (requests in flight finish, the runners and the
 * worker stop after their batch or job) and exits. SIGINT and SIGHUP close at once.
 */
function stopGracefully(app: INestApplication, config: PortalConfig, log: NestLogger): void {
  app.enableShutdownHooks(['SIGINT', 'SIGHUP']);
  process.once('SIGTERM', () => {
    const drainMs = config.observability.shutdownDrainMs;
    app.get(Draining).begin();
    log.log(`SIGTERM: answering not ready, serving ${drainMs} ms more, then stopping`);
    setTimeout(() => {
      // A proxy's keep-alive connection that its health checks keep busy would hold the close
      // forever (record 0278): from now on a connection closes after its answer, idle ones at once,
      // and whatever is still open after the requests' grace is cut.
      const server = app.getHttpServer() as Server;
      server.keepAliveTimeout = 1;
      const closed = app.close();
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
      closed.then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    }, drainMs);
  });
}

/** How long requests in flight may take to finish once the drain is over, before their connections are cut. */
const CLOSE_GRACE_MS = 20_000;

/** Where `npm run build:web` puts the web app, seen from services/portal/dist/main.js. */
const WEB_DIST = join(__dirname, '..', '..', '..', 'web', 'dist');

/**
 * Boots the roles named in PORTAL_ROLES. With `api` it serves HTTP (and the built web app);
 * `projector` and `worker` alone serve only the operator endpoints (/health, /metrics).
 */
export async function bootstrap(env: Record<string, string | undefined> = process.env): Promise<void> {
  const config: PortalConfig = loadConfig(env);
  if (config.pinnedNow) {
    console.log(
      `Clock pinned (PORTAL_NOW, test only): now was ${config.pinnedNow.instant.toISOString()} at ${config.pinnedNow.since.toISOString()}`,
    );
  }
  // Before Nest: a database that cannot be reached ends the start with one line, not a trace.
  if (config.databaseUrl) await ensureDatabaseReachable(config.databaseUrl);
  const module = AppModule.forRoot(config);
  // Nest's own lines and every `new Logger(...)` go to the JSON log (pino, platform/observability);
  // what Nest says while it builds the modules is held until that logger exists.
  const log = new NestLogger('Portal');
  if (!config.roles.includes('api')) {
    // Projectors and workers serve the operator endpoints only (probes and scrapers), on PORT.
    const app = await NestFactory.create<NestExpressApplication>(module, { bufferLogs: true });
    app.useLogger(app.get(Logger));
    stopGracefully(app, config, log);
    app.use(operatorRoutesOnly);
    configureHttpApp(app);
    await app.listen(config.port);
    log.log(`Portal (${config.roles.join(', ')}) serving only /health and /metrics on port ${config.port}`);
    return;
  }
  const app = await NestFactory.create<NestExpressApplication>(module, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  stopGracefully(app, config, log);
  configureHttpApp(app);
  serveWebApp(app, WEB_DIST);
  await app.listen(config.port);
  const mode = config.databaseUrl ? 'PostgreSQL' : `embedded default, data in ${config.dataDir}`;
  log.log(`Portal (${config.roles.join(', ')}; ${mode}) on http://localhost:${config.port}`);
}

/** Runs the portal; a configuration or database a person must fix ends it with their message. */
export async function main(env: Record<string, string | undefined> = process.env): Promise<void> {
  try {
    await bootstrap(env);
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof DatabaseUnreachableError;
    console.error(known ? error.message : error);
    process.exit(1);
  }
}

if (require.main === module) void main();
