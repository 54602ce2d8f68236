import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  addDays,
  daysBetween,
  endOfMonth,
  leaveWithin,
  type BusinessDate,
  type LedgerMonthsSummary,
  type TeamLeaveAnswer,
} from '@portal/contracts';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { SYSTEM_PRINCIPAL } from '../../../platform/cqrs';
import { ProjectDirectory } from '../../catalog';
import { SummariseExpenseMonths } from '../../expenses';
import { ListTeamLeaveQuery } from '../../leave';
import { ListVerifiedPeriods, type VerifiedPeriodLock } from '../../periods';
import { RosterQueries } from '../../roster';
import { StaffQueries, type StaffSummary } from '../../staff';
import { SummariseTimesheetMonths } from '../../timesheets';
import type { Admin, MissingTimeFacts, VerifiedPeriod } from '../domain/reminders';
import { ReminderPreferencesReadModel } from '../queries/reminder-preferences';

/**
 * What the daily jobs decide on, read from the other contexts as the portal itself (every owner):
 * people, their time and leave, their choices, the verified periods and what of them still waits.
 */
@Injectable()
export class ReminderFacts {
  constructor(
    private readonly queries: QueryBus,
    private readonly staff: StaffQueries,
    private readonly roster: RosterQueries,
    private readonly projects: ProjectDirectory,
    private readonly preferences: ReminderPreferencesReadModel,
  ) {}

  private everyone(): Promise<StaffSummary[]> {
    return this.staff.listVisibleTo(SYSTEM_PRINCIPAL);
  }

  /** Active people on the roster of some project (who record time), their time and leave of the week. */
  async missingTime(today: BusinessDate): Promise<MissingTimeFacts> {
    const start = addDays(today, -7);
    const end = addDays(today, -1);
    const [people, pairs, optOuts] = await Promise.all([
      this.everyone(),
      this.roster.allowedPairs(),
      this.preferences.missingTimeOptOuts(),
    ]);
    const onRoster = new Set(pairs.map((pair) => pair.employeeId));
    const recorders = people.filter((p) => p.isActive && onRoster.has(p.staffId));
    const ids = recorders.map((p) => p.staffId);
    if (ids.length === 0) return { today, people: [], daysWithTime: new Map(), leaveDays: new Map() };

    const [time, leave] = await Promise.all([
      this.queries.execute<SummariseTimesheetMonths, LedgerMonthsSummary>(
        new SummariseTimesheetMonths(SYSTEM_PRINCIPAL, start, end, ids),
      ),
      this.queries.execute<ListTeamLeaveQuery, TeamLeaveAnswer>(
        new ListTeamLeaveQuery(SYSTEM_PRINCIPAL, { start, end }, null),
      ),
    ]);
    const daysWithTime = new Map<number, Set<BusinessDate>>();
    for (const entered of time.daysEntered) {
      const days = daysWithTime.get(entered.employeeId) ?? new Set<BusinessDate>();
      for (const day of entered.days) days.add(day);
      daysWithTime.set(entered.employeeId, days);
    }
    const leaveDays = new Map<number, Set<BusinessDate>>();
    for (const taken of leave.leaves) {
      const within = leaveWithin(taken, { start, end });
      if (!within) continue;
      const days = leaveDays.get(taken.employeeId) ?? new Set<BusinessDate>();
      for (const day of daysBetween(within.first, within.last)) days.add(day);
      leaveDays.set(taken.employeeId, days);
    }
    return {
      today,
      people: recorders.map((p) => ({
        staffId: p.staffId,
        name: p.name,
        email: p.username,
        ownerId: p.ownerId,
        missingTimeEmail: !optOuts.has(p.staffId),
      })),
      daysWithTime,
      leaveDays,
    };
  }

  /** The active admins, each with the owner they may see (a sightstream admin: owner 2). */
  async admins(): Promise<(Admin & { readonly ownerId: number })[]> {
    return (await this.everyone())
      .filter((p) => p.isAdmin && p.isActive)
      .map((p) => ({
        staffId: p.staffId,
        name: p.name,
        email: p.username,
        ownerId: p.ownerId,
        ownerScope: ownerScopeOf(p),
      }));
  }

  /** The project-months verified at or before `verifiedBy`, with how many of their rows still await approval. */
  async verifiedPeriods(verifiedBy: Date): Promise<VerifiedPeriod[]> {
    const locks = await this.queries.execute<ListVerifiedPeriods, VerifiedPeriodLock[]>(
      new ListVerifiedPeriods(SYSTEM_PRINCIPAL, verifiedBy),
    );
    if (locks.length === 0) return [];
    const months = locks.map((lock) => lock.month).sort();
    const start = `${months[0]}-01`;
    const end = endOfMonth(`${months[months.length - 1]}-01`);
    const ids = [...new Set(locks.map((lock) => lock.employeeId))];
    const [time, expenses, people] = await Promise.all([
      this.queries.execute<SummariseTimesheetMonths, LedgerMonthsSummary>(
        new SummariseTimesheetMonths(SYSTEM_PRINCIPAL, start, end, ids),
      ),
      this.queries.execute<SummariseExpenseMonths, LedgerMonthsSummary>(
        new SummariseExpenseMonths(SYSTEM_PRINCIPAL, start, end, ids),
      ),
      this.everyone(),
    ]);
    const key = (c: { employeeId: number; projectId: number; month: string }) =>
      `${c.employeeId}:${c.projectId}:${c.month}`;
    const awaiting = new Map<string, number>();
    for (const cell of [...time.cells, ...expenses.cells])
      awaiting.set(key(cell), (awaiting.get(key(cell)) ?? 0) + cell.counts.verified);
    const byId = new Map(people.map((p) => [p.staffId, p]));
    const projectNames = new Map<number, string>();
    for (const projectId of new Set(locks.map((lock) => lock.projectId)))
      projectNames.set(projectId, (await this.projects.get(projectId))?.name ?? `Project ${projectId}`);
    return locks.flatMap((lock) => {
      const person = byId.get(lock.employeeId);
      if (!person) return [];
      return [
        {
          employeeId: lock.employeeId,
          employeeName: person.name,
          ownerId: person.ownerId,
          projectId: lock.projectId,
          projectName: projectNames.get(lock.projectId) ?? `Project ${lock.projectId}`,
          month: lock.month,
          verifiedAt: lock.verifiedAt,
          awaitingApproval: awaiting.get(key(lock)) ?? 0,
        },
      ];
    });
  }
}
