import { QueryHandler } from '@nestjs/cqrs';
import type { LatestEntryDate } from '@portal/contracts';
import { sql } from 'kysely';
import { PortalQueryHandler, SignedInQuery } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { timesheetsReadModel } from '../projections/timesheets-tables';

/**
 * The day of the signed-in person's latest time entry (null before their first): the verify
 * page offers that month and the two before it (admin spec §9, the old client's max_date).
 */
export class LatestTimesheetDate extends SignedInQuery<LatestEntryDate> {}

@QueryHandler(LatestTimesheetDate)
export class LatestTimesheetDateHandler extends PortalQueryHandler<LatestTimesheetDate> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle(query: LatestTimesheetDate): Promise<LatestEntryDate> {
    // One index probe (entries_by_employee_date), whatever the person's history.
    const row = await timesheetsReadModel(this.db)
      .selectFrom('entries')
      .select(sql<string | null>`to_char(max(date), 'YYYY-MM-DD')`.as('latest'))
      .where('employee_id', '=', query.principal!.staffId)
      .executeTakeFirst();
    return { latestDate: row?.latest ?? null };
  }
}
