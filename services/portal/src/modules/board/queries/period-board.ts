import { QueryBus, QueryHandler } from '@nestjs/cqrs';
import {
  boardPeriodsOf,
  missingWorkingDays,
  monthOf,
  PERIOD_STATES,
  SECOND_ORGANISATION_OWNER_ID,
  startOfMonthOffset,
  sumDecimals,
  sumMoney,
  tasksOf,
  type BoardOwnerTotals,
  type BoardPeriod,
  type BoardPerson,
  type BoardRow,
  type LedgerMonthsSummary,
  type PeriodBoard,
  type PeriodStateName,
} from '@portal/contracts';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { BusinessCalendar, FIRST_OWNER_ID } from '../../../platform/clock/business-calendar';
import { PortalQueryHandler, SignedInQuery } from '../../../platform/cqrs';
import { ProjectDirectory } from '../../catalog';
import { SummariseExpenseMonths } from '../../expenses';
import { RosterQueries } from '../../roster';
import { StaffQueries, type StaffSummary } from '../../staff';
import { SummariseTimesheetMonths } from '../../timesheets';
import type { AskedPeriod } from '../../lookups';
import { ReadModelCache } from './read-model-cache';
import { boardCell, PeriodParts } from './period-cells';

/**
 * The period board of /home: for an admin, every active person in their scope (a sightstream admin:
 * owner 2 only) with each project they may bill or have rows on; for anyone else, only themselves,
 * with what they still have to do. A row's periods are its project's previous and current billing
 * period (decision 0241); the missing days are counted by calendar month (previous and current).
 */
export class GetPeriodBoard extends SignedInQuery<PeriodBoard> {}

@QueryHandler(GetPeriodBoard)
export class GetPeriodBoardHandler extends PortalQueryHandler<GetPeriodBoard> {
  constructor(
    private readonly queries: QueryBus,
    private readonly calendar: BusinessCalendar,
    private readonly staff: StaffQueries,
    private readonly roster: RosterQueries,
    private readonly projects: ProjectDirectory,
    private readonly cache: ReadModelCache,
  ) {
    super();
  }

  /**
   * Kept (ReadModelCache) while every read model and the day stand still, one answer per caller
   * scope: the firm's admins, sightstream admins, and each other person on their own. The
   * checkpoints are read before anything else, so a change the caller just made is in the answer.
   */
  protected async handle(query: GetPeriodBoard): Promise<PeriodBoard> {
    const principal = query.principal!;
    const position = await this.cache.readModelsPosition();
    const today = await this.calendar.todayFor(principal);
    // Each owner's today: a row's periods and a person's missing days follow their owner's day.
    const owners = [FIRST_OWNER_ID, SECOND_ORGANISATION_OWNER_ID];
    const todays = new Map(
      await Promise.all(owners.map(async (owner) => [owner, await this.calendar.today(owner)] as const)),
    );
    const scope = principal.isAdmin
      ? `admins|owner=${ownerScopeOf(principal)}`
      : `person=${principal.staffId}|owner=${ownerScopeOf(principal)}`;
    return this.cache.get(
      `period-board|${position}|${today}|${[...todays.values()].join(',')}|${scope}`,
      () => this.boardOf(principal, today, (owner) => todays.get(owner) ?? today),
    );
  }

  /**
   * The board as of `today` (the viewer's day, which names its two months); each row's periods are
   * cut at its project's owner's today and each person's missing days counted to their owner's.
   */
  private async boardOf(
    principal: Principal,
    today: string,
    todayOf: (ownerId: number) => string,
  ): Promise<PeriodBoard> {
    const months = [monthOf(startOfMonthOffset(today, -1)), monthOf(today)] as const;
    const people = await this.peopleOf(principal);
    const ids = principal.isAdmin ? null : people.map((p) => p.staffId);
    const [pairs, projects] = await Promise.all([
      this.roster.allowedPairs(),
      this.projects.listAll(ownerScopeOf(principal)),
    ]);
    // Each project's previous and current period, as its billing cycle cuts them on its owner's day.
    const periodsOf = new Map(
      projects.map((p) => [p.projectId, boardPeriodsOf(p.billingCycle, todayOf(p.ownerId))]),
    );
    const asked: AskedPeriod[] = [...periodsOf].flatMap(([projectId, periods]) =>
      periods.map((period) => ({ projectId, key: period.key, start: period.start, end: period.end })),
    );
    // The calendar months of the missing days, and every project's periods.
    const start = [`${months[0]}-01`, ...asked.map((p) => p.start)].sort()[0]!;
    const end = [today, ...people.map((p) => todayOf(p.ownerId)), ...asked.map((p) => p.end)].sort().at(-1)!;
    const [time, expenses] = await Promise.all([
      this.queries.execute<SummariseTimesheetMonths, LedgerMonthsSummary>(
        new SummariseTimesheetMonths(principal, start, end, ids, asked),
      ),
      this.queries.execute<SummariseExpenseMonths, LedgerMonthsSummary>(
        new SummariseExpenseMonths(principal, start, end, ids, asked),
      ),
    ]);

    const personById = new Map(people.map((p) => [p.staffId, p]));
    const projectById = new Map(projects.map((p) => [p.projectId, p]));
    const visible = (employeeId: number, projectId: number) =>
      personById.has(employeeId) && projectById.has(projectId);

    const timeParts = new PeriodParts(time.cells);
    const expenseParts = new PeriodParts(expenses.cells);
    const pairKeys = new Set<string>();
    for (const p of pairs)
      if (visible(p.employeeId, p.projectId)) pairKeys.add(`${p.employeeId}:${p.projectId}`);
    // A pair with rows in either period (rows of other days alone do not put a project on the board).
    for (const c of [...time.cells, ...expenses.cells])
      if (c.period !== null && visible(c.employeeId, c.projectId))
        pairKeys.add(`${c.employeeId}:${c.projectId}`);

    const rows: BoardRow[] = [...pairKeys].map((pair) => {
      const [employeeId, projectId] = pair.split(':').map(Number) as [number, number];
      const person = personById.get(employeeId)!;
      const periods = periodsOf.get(projectId)!;
      const cellOf = (period: BoardPeriod) =>
        boardCell(
          period,
          timeParts.of(employeeId, projectId, period.key),
          expenseParts.of(employeeId, projectId, period.key),
        );
      return {
        employeeId,
        employeeName: person.name,
        ownerId: person.ownerId,
        projectId,
        projectName: projectById.get(projectId)!.name,
        cells: [cellOf(periods[0]), cellOf(periods[1])],
      };
    });
    rows.sort(
      (a, b) =>
        a.employeeName.localeCompare(b.employeeName) ||
        a.employeeId - b.employeeId ||
        a.projectName.localeCompare(b.projectName),
    );

    const daysOf = new Map(time.daysEntered.map((d) => [`${d.employeeId}:${d.month}`, new Set(d.days)]));
    const boardPeople: BoardPerson[] = people.map((p) => ({
      employeeId: p.staffId,
      employeeName: p.name,
      ownerId: p.ownerId,
      missingDays: [
        missingWorkingDays(
          months[0],
          todayOf(p.ownerId),
          daysOf.get(`${p.staffId}:${months[0]}`) ?? new Set(),
        ),
        missingWorkingDays(
          months[1],
          todayOf(p.ownerId),
          daysOf.get(`${p.staffId}:${months[1]}`) ?? new Set(),
        ),
      ],
    }));

    const own = principal.isAdmin ? [] : rows.filter((r) => r.employeeId === principal.staffId);
    return {
      months,
      rows,
      people: boardPeople,
      owners: ownerTotals(people, rows),
      tasks: principal.isAdmin
        ? []
        : tasksOf(
            months,
            own,
            boardPeople.find((p) => p.employeeId === principal.staffId),
          ),
    };
  }

  /** An admin's active people in scope; anyone else only themselves. */
  private async peopleOf(principal: Principal): Promise<StaffSummary[]> {
    if (!principal.isAdmin) {
      const self = await this.staff.get(principal.staffId);
      return self ? [self] : [];
    }
    return (await this.staff.listVisibleTo(principal)).filter((p) => p.isActive);
  }
}

/** Per owner: people, the current periods' hours and expenses, and how those cells stand. */
function ownerTotals(people: readonly StaffSummary[], rows: readonly BoardRow[]): BoardOwnerTotals[] {
  const owners = [...new Set(people.map((p) => p.ownerId))].sort((a, b) => a - b);
  return owners.map((ownerId) => {
    const mine = rows.filter((r) => r.ownerId === ownerId).map((r) => r.cells[1]);
    const cells = Object.fromEntries(PERIOD_STATES.map((s) => [s, 0])) as Record<PeriodStateName, number>;
    for (const cell of mine) cells[cell.state] += 1;
    return {
      ownerId,
      people: people.filter((p) => p.ownerId === ownerId).length,
      hours: sumDecimals(mine.map((c) => c.hours)),
      expensesClaimed: sumMoney(mine.map((c) => c.expensesClaimed)),
      cells,
    };
  });
}
