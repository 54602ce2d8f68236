import { Injectable } from '@nestjs/common';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import type { ReplayedReadModels } from '../../../platform/projection/as-of-replay';
import { rosterTables } from '../projections/roster-tables';

/** The roster's exported query: who may bill which project. Other contexts inject this token. */
export abstract class RosterQueries {
  abstract canBill(employeeId: number, projectId: number): Promise<boolean>;
  /** Every project the person may bill (active or not; the catalog filters). */
  abstract billableProjectIds(employeeId: number): Promise<number[]>;
  /** Every allowed (person, project) pair, by person then project. */
  /** `replayed`: the roster as it stood at a past instant (AsOfReplay of ROSTER_READ_MODEL). */
  abstract allowedPairs(
    replayed?: ReplayedReadModels | null,
  ): Promise<{ employeeId: number; projectId: number }[]>;
  /** The people the roster lets bill one project, by id (the planned-hours grid's rows). */
  abstract employeesAllowedOn(projectId: number, replayed?: ReplayedReadModels | null): Promise<number[]>;
}

@Injectable()
export class ReadModelRosterQueries extends RosterQueries {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  private entries(replayed?: ReplayedReadModels | null) {
    return rosterTables(this.db, replayed)
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
    return rows.map((r) => r.project_id);
  }

  async allowedPairs(
    replayed?: ReplayedReadModels | null,
  ): Promise<{ employeeId: number; projectId: number }[]> {
    const rows = await this.entries(replayed)
      .select(['employee_id', 'project_id'])
      .orderBy('employee_id')
      .orderBy('project_id')
      .execute();
    return rows.map((r) => ({ employeeId: r.employee_id, projectId: r.project_id }));
  }

  async employeesAllowedOn(projectId: number, replayed?: ReplayedReadModels | null): Promise<number[]> {
    const rows = await this.entries(replayed)
      .select('employee_id')
      .where('project_id', '=', projectId)
      .orderBy('employee_id')
      .execute();
    return rows.map((r) => r.employee_id);
  }
}
