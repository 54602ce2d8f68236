import 'reflect-metadata';
import { join } from 'node:path';
import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app/app.module';
import { ConfigError, loadConfig, type PortalConfig } from './platform/config/config';
import { DatabaseUnreachableError, ensureDatabaseReachable } from './platform/database/database';
import { configureHttpApp } from './platform/http/configure-app';
import { serveWebApp } from './platform/http/serve-web';

/** Where `npm run build:web` puts the web app, seen from services/portal/dist/main.js. */
const WEB_DIST = join(__dirname, '..', '..', '..', 'web', 'dist');

/**
 * Boots the roles named in PORTAL_ROLES. With `api` it serves HTTP (and the built web app);
 * `projector` and `worker` alone run without an HTTP listener.
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
    const context = await NestFactory.createApplicationContext(module, { bufferLogs: true });
    context.useLogger(context.get(Logger));
    context.enableShutdownHooks();
    log.log(`Portal (${config.roles.join(', ')}) running without HTTP`);
    return;
  }
  const app = await NestFactory.create<NestExpressApplication>(module, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
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
