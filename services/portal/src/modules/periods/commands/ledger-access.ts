import { Injectable } from '@nestjs/common';
import { periodMessages, reviewMessages, timesheetMessages as msg } from '@portal/contracts';
import type { FieldProblem } from '../../../kernel/domain-error';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { SYSTEM_PRINCIPAL, type Caller } from '../../../platform/cqrs';
import { ProjectDirectory, type ProjectView } from '../../catalog';
import { RosterQueries } from '../../roster';
import { StaffQueries } from '../../staff';

/** Whose ledger a command writes, with what decides their scope. */
export interface LedgerPerson {
  readonly staffId: number;
  readonly userType: 'default' | 'sightstream';
  /** Their owner, whose time zone their business dates follow (undefined: the one userType implies). */
  readonly ownerId?: number | undefined;
}

/** The person an admin's command is about, with what the expense rules need of them. */
export interface ReviewedPerson extends LedgerPerson {
  readonly needReceipt: boolean;
}

/** A project a ledger command names, as this person may use it. */
export interface ProjectAccess {
  /** Null when the project is unknown or outside the person's owner scope (the same answer). */
  readonly project: ProjectView | null;
  /** The unknown-project or not-on-the-roster problem on `path`; empty when the person may bill it. */
  readonly problems: readonly FieldProblem[];
}

/**
 * The check every ledger command (time, expenses, verification) makes before deciding: whose
 * ledger it is, and whether that person may act on the project. A sightstream person sees only
 * owner-2 projects, and a project outside their scope is answered exactly like one that does not
 * exist, so the answers never tell which other projects exist.
 */
@Injectable()
export class LedgerAccess {
  constructor(
    private readonly projects: ProjectDirectory,
    private readonly roster: RosterQueries,
    private readonly staff: StaffQueries,
  ) {}

  /**
   * The person whose ledger `employeeId` is: the caller themselves; only the portal itself (the
   * demo seed) writes another person's ledger. An unknown person is a 404.
   */
  async ledgerOf(caller: Caller, employeeId: number): Promise<LedgerPerson> {
    const { principal } = caller;
    if (employeeId === principal.staffId)
      return { staffId: principal.staffId, userType: principal.userType, ownerId: principal.ownerId };
    if (principal.staffId !== SYSTEM_PRINCIPAL.staffId) throw DomainError.forbidden();
    const person = await this.staff.get(employeeId);
    if (!person) throw DomainError.notFound(periodMessages.personNotFound);
    return { staffId: person.staffId, userType: person.userType, ownerId: person.ownerId };
  }

  /**
   * The person whose ledger an admin reviews (approve, return, edit): someone the admin may see (a
   * sightstream admin only owner-2 people); anyone else, or an unknown person, is 404 'Person
   * not found.' The command's @Requires('admin') has refused non-admins already.
   */
  async reviewedPerson(caller: Caller, employeeId: number): Promise<ReviewedPerson> {
    const person = (await this.staff.canSee(caller.principal, employeeId))
      ? await this.staff.get(employeeId)
      : null;
    if (!person) throw DomainError.notFound(periodMessages.personNotFound);
    return {
      staffId: person.staffId,
      userType: person.userType,
      ownerId: person.ownerId,
      needReceipt: person.needReceipt,
    };
  }

  /**
   * The person whose period an admin approves or returns, as `reviewedPerson` finds them. Segregation
   * of duties: an admin never approves or returns their own period (403); another admin does. The
   * demo seed approves as the portal itself, never as the person.
   */
  async reviewedPeriodOwner(caller: Caller, employeeId: number): Promise<ReviewedPerson> {
    if (employeeId === caller.principal.staffId) throw DomainError.forbidden(reviewMessages.ownPeriod);
    return this.reviewedPerson(caller, employeeId);
  }

  /** Segregation of duties: an admin's edit passes the person's lock, so never on their own rows. */
  notOwnRows(caller: Caller, employeeId: number): void {
    if (employeeId === caller.principal.staffId) throw DomainError.forbidden(reviewMessages.ownRows);
  }

  /**
   * The row an admin edits, found by `findRow` once the caller may edit that person's rows: never
   * the admin's own (403), a person the admin may see (404), a row of that person (else 404
   * `notFound`), standing on a project in the admin's scope now (403).
   */
  async reviewedRow<R extends { readonly employeeId: number; readonly projectId: number }>(
    caller: Caller,
    employeeId: number,
    findRow: () => Promise<R | null | undefined>,
    notFound: string,
  ): Promise<{ person: ReviewedPerson; row: R }> {
    this.notOwnRows(caller, employeeId);
    const person = await this.reviewedPerson(caller, employeeId);
    const row = await findRow();
    if (!row || row.employeeId !== person.staffId) throw DomainError.notFound(notFound);
    await this.rowProjectInScope(caller, row.projectId);
    return { person, row };
  }

  /**
   * The project a row stands on now, before an admin changes the row: one outside the admin's
   * owner scope is a 403, whichever project the edit names (the row is not theirs to change).
   */
  async rowProjectInScope(caller: Caller, projectId: number): Promise<void> {
    if (!(await this.visibleProject(caller.principal, projectId)))
      throw DomainError.forbidden(reviewMessages.rowOutsideScope);
  }

  /**
   * A project an admin names: unknown, or outside the admin's owner scope, is the same 400 on
   * `path` ('Project {id} does not exist').
   */
  async reviewedProject(caller: Caller, projectId: number, path = 'projectId'): Promise<ProjectView> {
    const project = await this.visibleProject(caller.principal, projectId);
    if (!project) throw DomainError.validation([{ path, message: msg.unknownProject(projectId) }]);
    return project;
  }

  /** The project as the person may see it: null when unknown or outside their owner scope. */
  async visibleProject(person: LedgerPerson, projectId: number): Promise<ProjectView | null> {
    const project = await this.projects.get(projectId);
    if (!project) return null;
    const scope = ownerScopeOf(person);
    return scope === null || project.ownerId === scope ? project : null;
  }

  /** The project and what stands between the person and billing it (unknown / not on the roster). */
  async billableProject(person: LedgerPerson, projectId: number, path = 'projectId'): Promise<ProjectAccess> {
    const project = await this.visibleProject(person, projectId);
    if (!project) return { project, problems: [{ path, message: msg.unknownProject(projectId) }] };
    if (!(await this.roster.canBill(person.staffId, projectId)))
      return { project, problems: [{ path, message: msg.projectNotBillable }] };
    return { project, problems: [] };
  }
}
