import { Injectable } from '@nestjs/common';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { readModel } from '../../../platform/projection/projection';
import { ROSTER_READ_MODEL } from '../projections/roster.projection';

/** The roster's exported query: who may bill which project. Other contexts inject this token. */
export abstract class RosterQueries {
  abstract canBill(employeeId: number, projectId: number): Promise<boolean>;
  /** Every project the person may bill (active or not; the catalog filters). */
  abstract billableProjectIds(employeeId: number): Promise<number[]>;
}

@Injectable()
export class ReadModelRosterQueries extends RosterQueries {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  private entries() {
    return readModel(this.db, ROSTER_READ_MODEL)
      .selectFrom('roster_entries')
      .where('is_allowed_to_bill', '=', true);
  }

  async canBill(employeeId: number, projectId: number): Promise<boolean> {
    const row = await this.entries()
      .select('project_id')
      .where('employee_id', '=', employeeId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async billableProjectIds(employeeId: number): Promise<number[]> {
    const rows = await this.entries()
      .select('project_id')
      .where('employee_id', '=', employeeId)
      .orderBy('project_id')
      .execute();
    return rows.map((r) => Number(r.project_id));
  }
}
