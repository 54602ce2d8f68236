import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database';
import { platformMigrations } from './migrations';

/**
 * Migrations of the platform's own tables (event log, checkpoints, idempotency, outbox, jobs).
 * Read-model tables are not migrated: each projection creates its tables and is rebuilt when
 * its version changes (see platform/projection).
 */
class StaticProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.migrations;
  }
}

export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider(platformMigrations) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
