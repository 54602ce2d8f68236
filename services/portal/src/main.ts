import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app/app.module';
import { ConfigError, loadConfig } from './platform/config/config';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await NestFactory.create(AppModule.forRoot(config));
  app.enableShutdownHooks();
  app.setGlobalPrefix('api', { exclude: [] });
  await app.listen(config.port);
  console.log(`Portal (${config.roles.join(', ')}) on http://localhost:${config.port}`);
}

void bootstrap();
