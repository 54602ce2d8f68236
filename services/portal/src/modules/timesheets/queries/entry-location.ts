import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { readModel } from '../../../platform/projection/projection';
import { TIMESHEETS_READ_MODEL } from '../projections/timesheets.projection';

export interface EntryLocation {
  readonly entryId: string;
  readonly employeeId: number;
  readonly month: string;
  readonly date: string;
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
    const row = await readModel(this.db, TIMESHEETS_READ_MODEL)
      .selectFrom('entries')
      .select([
        'entry_id',
        'employee_id',
        'month',
        'version',
        'project_id',
        'project_name',
        sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date_text'),
      ])
      .where('entry_id', '=', entryId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      entryId: String(row.entry_id),
      employeeId: Number(row.employee_id),
      month: String(row.month),
      date: String(row.date_text),
      version: Number(row.version),
      projectId: Number(row.project_id),
      projectName: String(row.project_name),
    };
  }
}
