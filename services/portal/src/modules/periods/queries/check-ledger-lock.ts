import { QueryHandler } from '@nestjs/cqrs';
import {
  periodMessages,
  timesheetMessages as msg,
  VERIFIED_KINDS,
  type BusinessDate,
  type LedgerLockCheck,
} from '@portal/contracts';
import { sql } from 'kysely';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { ProjectDirectory } from '../../catalog';
import { fallbackProjectName, verifiedAtText } from '../../lookups';
import { StaffQueries } from '../../staff';
import { periodsReadModel } from '../projections/periods.projection';

/**
 * The lock check: has this person verified the project for the month, or for one day of it (time,
 * expenses or both: `kinds` says which, `spans` which days; either kind answers locked)? Answers 200 either way
 * (`{locked: false}` for an editable month), so asking in normal use shows no error. A person may
 * ask about themselves; admins about the people they can see (a sightstream admin only owner-2
 * people); anyone else, or an unknown person, is 404.
 */
export class CheckLedgerLock extends PortalQuery<LedgerLockCheck> {
  constructor(
    principal: Principal,
    readonly employeeId: number,
    readonly month: string,
    readonly projectId: number,
    /** Ask about one day (a billing period may lock only part of the month); absent, any day. */
    readonly date: BusinessDate | null = null,
  ) {
    super(principal);
  }
}

@QueryHandler(CheckLedgerLock)
export class CheckLedgerLockHandler extends PortalQueryHandler<CheckLedgerLock> {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly projects: ProjectDirectory,
    private readonly staff: StaffQueries,
  ) {
    super();
  }

  protected async handle(query: CheckLedgerLock): Promise<LedgerLockCheck> {
    const { employeeId, month, projectId, date } = query;
    if (!(await this.visible(query.principal!, employeeId)))
      throw DomainError.notFound(periodMessages.personNotFound);
    let select = periodsReadModel(this.db)
      .selectFrom('locks')
      .select([
        'kind',
        'verified_at',
        sql<string>`to_char(from_date, 'YYYY-MM-DD')`.as('from'),
        sql<string>`to_char(through_date, 'YYYY-MM-DD')`.as('through'),
      ])
      .where('employee_id', '=', employeeId)
      .where('project_id', '=', projectId)
      .where('month', '=', month);
    if (date !== null) select = select.where('from_date', '<=', date).where('through_date', '>=', date);
    const locks = await select.orderBy('verified_at').orderBy('from_date').execute();
    if (locks.length === 0) return { locked: false, projectId, month };
    const kinds = VERIFIED_KINDS.filter((kind) => locks.some((lock) => lock.kind === kind));
    // A project outside the asker's owner scope is named as an unknown one would be.
    const project = await this.projects.get(projectId);
    const scope = ownerScopeOf(query.principal!);
    const seen = project && (scope === null || project.ownerId === scope) ? project : null;
    const name = seen?.name ?? fallbackProjectName(projectId);
    return {
      locked: true,
      project: name,
      projectId,
      month,
      verifiedAt: verifiedAtText(locks[0].verified_at)!,
      kinds,
      spans: locks
        .map(({ kind, from, through }) => ({ kind, from, through }))
        .sort(
          (a, b) =>
            a.from.localeCompare(b.from) || VERIFIED_KINDS.indexOf(a.kind) - VERIFIED_KINDS.indexOf(b.kind),
        ),
      message: msg.notEditable(name),
    };
  }

  private async visible(asker: Principal, employeeId: number): Promise<boolean> {
    if (employeeId === asker.staffId) return true;
    if (!(await this.staff.canSee(asker, employeeId))) return false;
    return (await this.staff.get(employeeId)) !== null;
  }
}
