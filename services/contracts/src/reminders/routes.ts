import { signedIn, json, type RouteGroup } from '../kernel/api-routes';
import { reminderPreferencesSchema, type ReminderPreferences } from '../reminders';
import type { ReminderPreferencesView } from '../reminders';
import { settingRoutes } from '../kernel/route-shapes';

const preferences = settingRoutes(signedIn, '/reminders/preferences');

/** The reminders routes, as the API serves them (see kernel/api-routes.ts). */
export const remindersRoutes = {
  tag: 'reminders',
  description: 'Own reminder preferences. docs/api.md, Reminders (issue 11).',
  routes: [
    preferences.read(json<ReminderPreferences>('ReminderPreferences'), 'Own reminder preferences'), // modules/reminders/reminders.controller.ts#mine
    preferences.set(
      json<ReminderPreferencesView>('ReminderPreferencesView'),
      'Set own reminder preferences',
      reminderPreferencesSchema,
    ), // modules/reminders/reminders.controller.ts#set
  ],
} satisfies RouteGroup;
