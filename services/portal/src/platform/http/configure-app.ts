import type { NestExpressApplication } from '@nestjs/platform-express';

/** Largest JSON body the API accepts (timesheet batches are small; files use multipart). */
export const JSON_BODY_LIMIT = '1mb';

/**
 * HTTP settings every process that serves the API applies before `listen` (main.ts and the test
 * harness): the `/api` prefix and the JSON body limit (a larger body answers 413).
 */
export function configureHttpApp(app: NestExpressApplication): void {
  app.setGlobalPrefix('api');
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
}
