import { Injectable } from '@nestjs/common';
import { QueryHandler } from '@nestjs/cqrs';
import { DEFAULT_REMINDER_PREFERENCES, type ReminderPreferences } from '@portal/contracts';
import { PortalQueryHandler, SignedInQuery } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { remindersTables } from '../projections/reminders.projection';

/** The reminder choices people made (the defaults for everyone else). */
@Injectable()
export class ReminderPreferencesReadModel {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async of(staffId: number): Promise<ReminderPreferences> {
    const row = await remindersTables(this.db)
      .selectFrom('preferences')
      .select('missing_time_email')
      .where('staff_id', '=', staffId)
      .executeTakeFirst();
    return row ? { missingTimeEmail: row.missing_time_email } : DEFAULT_REMINDER_PREFERENCES;
  }

  /** The people who turned the missing-time mail off. */
  async missingTimeOptOuts(): Promise<ReadonlySet<number>> {
    const rows = await remindersTables(this.db)
      .selectFrom('preferences')
      .select('staff_id')
      .where('missing_time_email', '=', false)
      .execute();
    return new Set(rows.map((row) => row.staff_id));
  }
}

/** GET /api/reminders/preferences: the signed-in person's own choices. */
export class GetMyReminderPreferences extends SignedInQuery<ReminderPreferences> {}

@QueryHandler(GetMyReminderPreferences)
export class GetMyReminderPreferencesHandler extends PortalQueryHandler<GetMyReminderPreferences> {
  constructor(private readonly preferences: ReminderPreferencesReadModel) {
    super();
  }

  protected handle({ principal }: GetMyReminderPreferences): Promise<ReminderPreferences> {
    return this.preferences.of(principal.staffId);
  }
}
