import { json, route, type RouteGroup } from '../kernel/api-routes';
import { reminderPreferencesSchema, type ReminderPreferences } from '../reminders';
import type { ReminderPreferencesView } from '../reminders';

/** The reminders routes, as the API serves them (see kernel/api-routes.ts). */
export const remindersRoutes = {
  tag: 'reminders',
  description: 'Own reminder preferences. docs/api.md, Reminders (issue 11).',
  routes: [
    route({
      method: 'get',
      path: '/reminders/preferences',
      summary: 'Own reminder preferences',
      access: 'signed-in',
      response: json<ReminderPreferences>('ReminderPreferences'),
    }), // modules/reminders/reminders.controller.ts#mine
    route({
      method: 'put',
      path: '/reminders/preferences',
      summary: 'Set own reminder preferences',
      access: 'signed-in',
      body: reminderPreferencesSchema,
      response: json<ReminderPreferencesView>('ReminderPreferencesView'),
    }), // modules/reminders/reminders.controller.ts#set
  ],
} satisfies RouteGroup;
