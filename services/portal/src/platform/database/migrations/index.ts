import type { Migration } from 'kysely';
import * as eventLog from './2026-11-22-001-event-log';

/** Every platform migration, keyed by its timestamped name (applied in name order). */
export const platformMigrations: Record<string, Migration> = {
  '2026-11-22-001-event-log': eventLog,
};
