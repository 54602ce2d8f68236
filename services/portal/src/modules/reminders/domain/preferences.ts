import {
  changedFields,
  DEFAULT_REMINDER_PREFERENCES,
  type ReminderPreferenceChanged,
  type ReminderPreferences,
} from '@portal/contracts';

/** One stream per person: `reminder-preferences-{staffId}` holds their choices about reminders. */
export const preferencesStreamId = (staffId: number): string => `reminder-preferences-${staffId}`;

export type PreferencesEvent = {
  readonly type: 'ReminderPreferenceChanged';
  readonly data: ReminderPreferenceChanged;
};

export interface SetReminderPreferences {
  readonly type: 'SetReminderPreferences';
  readonly staffId: number;
  readonly preferences: ReminderPreferences;
}

/** The person's choices now; a person who never chose has the defaults (every reminder on). */
export const preferencesDecider = {
  initialState: (): ReminderPreferences => DEFAULT_REMINDER_PREFERENCES,

  evolve(state: ReminderPreferences, event: PreferencesEvent): ReminderPreferences {
    return { ...state, ...event.data.after };
  },

  /** Records only what changed, before -> after; the same choice again records nothing. */
  decide(command: SetReminderPreferences, state: ReminderPreferences): PreferencesEvent[] {
    const changes = changedFields(state, command.preferences);
    if (!changes) return [];
    return [{ type: 'ReminderPreferenceChanged', data: { staffId: command.staffId, ...changes } }];
  },
};
