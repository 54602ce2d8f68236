import { CommandHandler } from '@nestjs/cqrs';
import type { ReminderPreferences } from '@portal/contracts';
import { PortalCommand, type Caller } from '../../../platform/cqrs';
import { runCommand } from '../../../platform/event-store/decider';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { EventStoreCommandHandler } from '../../../platform/event-store/event-store-command-handler';
import { preferencesDecider, preferencesStreamId } from '../domain/preferences';

export interface ReminderPreferencesOutcome extends ReminderPreferences {
  /** Where the change landed; null: nothing changed. */
  readonly position: LogPosition | null;
}

/** PUT /api/reminders/preferences: the person's own choices (ReminderPreferenceChanged, before -> after). */
export class SetReminderPreferencesCommand extends PortalCommand<ReminderPreferencesOutcome> {
  constructor(
    caller: Caller,
    readonly preferences: ReminderPreferences,
  ) {
    super(caller);
  }
}

@CommandHandler(SetReminderPreferencesCommand)
export class SetReminderPreferencesHandler extends EventStoreCommandHandler<SetReminderPreferencesCommand> {
  protected async handle({
    caller,
    preferences,
  }: SetReminderPreferencesCommand): Promise<ReminderPreferencesOutcome> {
    const staffId = caller.principal.staffId;
    const outcome = await runCommand(
      this.store,
      preferencesStreamId(staffId),
      preferencesDecider,
      { type: 'SetReminderPreferences', staffId, preferences },
      caller.context,
    );
    return { ...preferences, position: outcome.position };
  }
}
