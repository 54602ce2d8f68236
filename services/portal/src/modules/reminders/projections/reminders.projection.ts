import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import { readModelSchema, type Projection } from '../../../platform/projection/projection';
import { handledEvents } from '../../../platform/projection/handled-events';
import type { PreferencesEvent } from '../domain/preferences';

/** The projection's name; its table lives in the schema `rm_reminders`. */
export const REMINDERS_READ_MODEL = 'reminders';

/** One row per person who ever changed a choice; a person without one has the defaults. */
export interface PreferencesTable {
  staff_id: number;
  missing_time_email: boolean;
  changed_at: ColumnType<Date, string, string>;
}

export interface RemindersTables {
  preferences: PreferencesTable;
}

export function remindersTables(db: Database): Kysely<RemindersTables> {
  return tablesOf<RemindersTables>(db, readModelSchema(REMINDERS_READ_MODEL));
}

const handled = handledEvents<PreferencesEvent>('ReminderPreferenceChanged');

/** Each person's reminder choices, as the profile and the daily jobs read them. */
export const remindersProjection: Projection = {
  name: REMINDERS_READ_MODEL,
  version: 1,
  eventTypes: handled.types,

  async createTables(db: Database): Promise<void> {
    await db.schema
      .createTable('preferences')
      .addColumn('staff_id', 'integer', (c) => c.primaryKey())
      .addColumn('missing_time_email', 'boolean', (c) => c.notNull())
      .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },

  async apply(event: RecordedEvent, db: Database): Promise<void> {
    if (!handled.has(event)) return;
    const { staffId, after } = event.data;
    if (after.missingTimeEmail === undefined) return;
    const at = event.metadata.occurredAt;
    await tablesOf<RemindersTables>(db)
      .insertInto('preferences')
      .values({ staff_id: staffId, missing_time_email: after.missingTimeEmail, changed_at: at })
      .onConflict((oc) =>
        oc.column('staff_id').doUpdateSet({ missing_time_email: after.missingTimeEmail, changed_at: at }),
      )
      .execute();
  },
};
