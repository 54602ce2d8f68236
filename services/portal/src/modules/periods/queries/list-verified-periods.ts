import { QueryHandler } from '@nestjs/cqrs';
import type { BusinessMonth } from '@portal/contracts';
import { sql } from 'kysely';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { StaffQueries } from '../../staff';
import { periodsReadModel } from '../projections/periods.projection';

/** A person's verified project-month and when it was first verified. */
export interface VerifiedPeriodLock {
  readonly employeeId: number;
  readonly projectId: number;
  readonly month: BusinessMonth;
  readonly verifiedAt: Date;
}

/**
 * Every verified (locked) project-month verified at or before `verifiedBy`, whatever became of its
 * rows since (the reminders' digest asks the ledgers which still await approval). Admins only; a
 * sightstream admin gets owner 2's people only.
 */
@Requires('admin')
export class ListVerifiedPeriods extends PortalQuery<VerifiedPeriodLock[]> {
  constructor(
    principal: Principal,
    readonly verifiedBy: Date,
  ) {
    super(principal);
  }
}

@QueryHandler(ListVerifiedPeriods)
export class ListVerifiedPeriodsHandler extends PortalQueryHandler<ListVerifiedPeriods> {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly staff: StaffQueries,
  ) {
    super();
  }

  protected async handle({ principal, verifiedBy }: ListVerifiedPeriods): Promise<VerifiedPeriodLock[]> {
    let locks = periodsReadModel(this.db).selectFrom('locks');
    if (ownerScopeOf(principal!) !== null) {
      const people = (await this.staff.listVisibleTo(principal!)).map((p) => p.staffId);
      if (people.length === 0) return [];
      locks = locks.where('employee_id', 'in', people);
    }
    const rows = await locks
      .select(['employee_id', 'project_id', 'month', sql<Date>`min(verified_at)`.as('verified_at')])
      .groupBy(['employee_id', 'project_id', 'month'])
      .having(sql<Date>`min(verified_at)`, '<=', verifiedBy)
      .orderBy('employee_id')
      .orderBy('project_id')
      .orderBy('month')
      .execute();
    return rows.map((row) => ({
      employeeId: row.employee_id,
      projectId: row.project_id,
      month: row.month,
      verifiedAt: new Date(row.verified_at),
    }));
  }
}
