import { Injectable } from '@nestjs/common';
import { timesheetMessages as msg, type LedgerLockResponse } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { DomainError } from '../../../kernel/domain-error';
import { fallbackProjectName, lockQuery, verifiedAtText } from '../../lookups/name-lookups';
import { readModel } from '../../../platform/projection/projection';
import { ProjectDirectory } from '../../catalog/queries/project-directory';
import { StaffQueries } from '../../staff/queries/staff-queries';
import { TIMESHEETS_READ_MODEL } from '../projections/timesheets.projection';

/**
 * The lock check: a project and month the person has verified answers 200 {locked: true, ...};
 * an editable one answers 404. A regular person may ask only about themselves; admins about the people they can see
 * (`StaffQueries.canSee`: a sightstream admin only owner-2 people).
 */
@Injectable()
export class LedgerLockQuery {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly projects: ProjectDirectory,
    private readonly staff: StaffQueries,
  ) {}

  async execute(
    asker: Principal,
    employeeId: number,
    month: string,
    projectId: number,
  ): Promise<LedgerLockResponse> {
    if (!(await this.staff.canSee(asker, employeeId))) throw DomainError.forbidden();
    const rm = readModel(this.db, TIMESHEETS_READ_MODEL);
    const lock = await lockQuery(rm, employeeId, projectId, month).executeTakeFirst();
    if (!lock) throw DomainError.notFound('This project and month are editable.');
    const project = await this.projects.get(projectId);
    const name = project?.name ?? fallbackProjectName(projectId);
    return {
      locked: true,
      project: name,
      projectId,
      month,
      verifiedAt: verifiedAtText(lock.verified_at)!,
      message: msg.notEditable(name),
    };
  }
}
