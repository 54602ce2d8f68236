import { Module } from '@nestjs/common';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { CatalogModule } from '../catalog';
import { RosterModule } from '../roster';
import { StaffModule } from '../staff';
import { SetReminderPreferencesHandler } from './commands/set-reminder-preferences';
import { remindersProjection } from './projections/reminders.projection';
import {
  GetMyReminderPreferencesHandler,
  ReminderPreferencesReadModel,
} from './queries/reminder-preferences';
import { ReminderFacts } from './reactions/reminder-facts';
import { REMINDER_MAIL_JOB, ReminderMailProcessor } from './reactions/reminder-mail.processor';
import { REMINDERS_RUN_JOB, RemindersRunProcessor } from './reactions/reminders-run.processor';
import { RemindersController } from './reminders.controller';

/**
 * Reminders: the working-day morning mail about last week's days without time (each person may
 * turn it off, stream `reminder-preferences-{staffId}`), and the admins' digest of verified
 * periods waiting for approval. Both are repeatable jobs; each mail is a job with its own id.
 */
@Module({
  imports: [StaffModule, RosterModule, CatalogModule],
  controllers: [RemindersController],
  providers: [
    ReminderPreferencesReadModel,
    SetReminderPreferencesHandler,
    GetMyReminderPreferencesHandler,
    ReminderFacts,
    ReminderMailProcessor,
    RemindersRunProcessor,
  ],
})
export class RemindersModule {
  constructor(registry: ContextRegistry) {
    registry.projection(remindersProjection).job(REMINDERS_RUN_JOB, REMINDER_MAIL_JOB);
  }
}
