import { z } from 'zod';
import type { FieldChanges } from '../kernel';

/** What a person chooses about the reminders sent to them (their profile). */
export interface ReminderPreferences {
  /** 'Email me when time is missing': the working-day morning mail about last week's days without time. */
  readonly missingTimeEmail: boolean;
}

/** Everyone gets the mail until they turn it off. */
export const DEFAULT_REMINDER_PREFERENCES: ReminderPreferences = { missingTimeEmail: true };

/** PUT /api/reminders/preferences. */
export const reminderPreferencesSchema = z.strictObject({
  missingTimeEmail: z.boolean({ message: 'must be true or false' }),
});

/** Event `ReminderPreferenceChanged` on `reminder-preferences-{staffId}`: before -> after. */
export interface ReminderPreferenceChanged extends FieldChanges<ReminderPreferences> {
  readonly staffId: number;
}

/** GET/PUT /api/reminders/preferences answer. */
export interface ReminderPreferencesView extends ReminderPreferences {
  /** Where the change landed ("commit/prepare"); null: nothing changed (PUT only). */
  readonly position?: string | null;
}
