/** The reminders context's public entry: the only file other code may import. */
export { RemindersModule } from './reminders.module';
export { SetReminderPreferencesCommand } from './commands/set-reminder-preferences';
export { GetMyReminderPreferences } from './queries/reminder-preferences';
