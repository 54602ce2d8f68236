import { signedIn, json, type RouteGroup } from '../kernel/api-routes';
import { reminderPreferencesSchema, type ReminderPreferences } from '../reminders';
import type { ReminderPreferencesView } from '../reminders';

/** The reminders routes, as the API serves them (see kernel/api-routes.ts). */
export const remindersRoutes = {
  tag: 'reminders',
  description: 'Own reminder preferences. docs/api.md, Reminders (issue 11).',
  routes: [
    signedIn('GET /reminders/preferences', json<ReminderPreferences>('ReminderPreferences'), {
      summary: 'Own reminder preferences',
    }), // modules/reminders/reminders.controller.ts#mine
    signedIn('PUT /reminders/preferences', json<ReminderPreferencesView>('ReminderPreferencesView'), {
      summary: 'Set own reminder preferences',
      body: reminderPreferencesSchema,
    }), // modules/reminders/reminders.controller.ts#set
  ],
} satisfies RouteGroup;
