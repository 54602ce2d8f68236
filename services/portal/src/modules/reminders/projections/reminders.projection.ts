import type { ColumnType } from 'kysely';
import { handledEvents } from '../../../platform/projection/handled-events';
import { projectionOf, readModelTables } from '../../../platform/projection/read-model-tables';
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

export const remindersTables = readModelTables<RemindersTables>(REMINDERS_READ_MODEL);

/** Each person's reminder choices, as the profile and the daily jobs read them. */
export const remindersProjection = projectionOf<PreferencesEvent, RemindersTables>({
  name: REMINDERS_READ_MODEL,
  version: 1,
  handled: handledEvents<PreferencesEvent>('ReminderPreferenceChanged'),
  tables: {
    preferences: {
      columns: {
        staff_id: 'integer primary key',
        missing_time_email: 'boolean not null',
        changed_at: 'timestamptz not null',
      },
    },
  },

  async apply(event, rm): Promise<void> {
    const { staffId, after } = event.data;
    if (after.missingTimeEmail === undefined) return;
    const at = event.metadata.occurredAt;
    await rm
      .insertInto('preferences')
      .values({ staff_id: staffId, missing_time_email: after.missingTimeEmail, changed_at: at })
      .onConflict((oc) =>
        oc.column('staff_id').doUpdateSet({ missing_time_email: after.missingTimeEmail, changed_at: at }),
      )
      .execute();
  },
});
