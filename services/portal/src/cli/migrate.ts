import 'reflect-metadata';
import { ensureDatabaseReachable, openDatabase } from '../platform/database/database';
import { migrateToLatest } from '../platform/database/migrate';
import { loadCliConfig } from './cli-config';

/**
 * `node services/portal/dist/cli/migrate.js`: brings the database's platform tables to the
 * latest migration and exits (the Kubernetes migration Job, deploy/k8s/base/migrate-job.yaml).
 * Exit code 0 when done, 1 with the reason printed. Read models are not migrated here: each
 * projection rebuilds itself when its version changes (docs/operations.md "Read models").
 */
export async function migrateDatabase(
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const config = loadCliConfig(env);
  if (!config) return 1;
  if (!config.databaseUrl) {
    console.error('DATABASE_URL is not set: the embedded default migrates itself when the portal starts.');
    return 1;
  }
  try {
    await ensureDatabaseReachable(config.databaseUrl);
    const handle = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: 1,
    });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    console.log('The database is at the latest migration.');
    return 0;
  } catch (error) {
    console.error(`The migration failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (require.main === module) void migrateDatabase().then((code) => process.exit(code));
