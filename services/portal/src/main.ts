import 'reflect-metadata';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app/app.module';
import { ConfigError, loadConfig, type PortalConfig } from './platform/config/config';
import { configureHttpApp } from './platform/http/configure-app';
import { serveWebApp } from './platform/http/serve-web';

/** Where `npm run build:web` puts the web app, seen from services/portal/dist/main.js. */
const WEB_DIST = join(__dirname, '..', '..', '..', 'web', 'dist');

function readConfig(): PortalConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Boots the roles named in PORTAL_ROLES. With `api` it serves HTTP (and the built web app);
 * `projector` and `worker` alone run without an HTTP listener.
 */
async function bootstrap(): Promise<void> {
  const config = readConfig();
  const module = AppModule.forRoot(config);
  if (!config.roles.includes('api')) {
    const context = await NestFactory.createApplicationContext(module);
    context.enableShutdownHooks();
    console.log(`Portal (${config.roles.join(', ')}) running without HTTP`);
    return;
  }
  const app = await NestFactory.create<NestExpressApplication>(module);
  app.enableShutdownHooks();
  configureHttpApp(app);
  serveWebApp(app, WEB_DIST);
  await app.listen(config.port);
  const mode = config.databaseUrl ? 'PostgreSQL' : `embedded default, data in ${config.dataDir}`;
  console.log(`Portal (${config.roles.join(', ')}; ${mode}) on http://localhost:${config.port}`);
}

bootstrap().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
