import { seedRunTemplate } from './run-portal';

/**
 * Once per browser run, before any worker starts: the demo data seeded at the run's "now" into the
 * template every worker's portal copies (run-portal.ts). Workers inherit PORTAL_E2E_TEMPLATE.
 */
export default async function globalSetup(): Promise<void> {
  process.env.PORTAL_E2E_TEMPLATE = await seedRunTemplate(process.env.PORTAL_E2E_DATA_DIR!);
}
