import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { timesheetsReadModel } from '../projections/timesheets-tables';

export interface EntryLocation {
  readonly entryId: string;
  readonly employeeId: number;
  readonly month: string;
  readonly date: string;
  /** Hours and overtime as stored (decimal strings), for the edit's step rule. */
  readonly hours: string;
  readonly overtimeHours: string | null;
  readonly version: number;
  readonly projectId: number;
  readonly projectName: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whose entry is this and which month's ledger holds it (the entry id alone does not say). */
@Injectable()
export class EntryLocations {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async find(entryId: string): Promise<EntryLocation | null> {
    if (!UUID.test(entryId)) return null;
    const row = await timesheetsReadModel(this.db)
      .selectFrom('entries')
      .select([
        'entry_id',
        'employee_id',
        'month',
        'version',
        'project_id',
        'project_name',
        sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date_text'),
        sql<string>`hours::text`.as('hours_text'),
        sql<string | null>`overtime_hours::text`.as('overtime_text'),
      ])
      .where('entry_id', '=', entryId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      entryId: row.entry_id,
      employeeId: row.employee_id,
      month: row.month,
      date: row.date_text,
      hours: row.hours_text,
      overtimeHours: row.overtime_text,
      version: row.version,
      projectId: row.project_id,
      projectName: row.project_name,
    };
  }
}
