import { QueryBus, QueryHandler } from '@nestjs/cqrs';
import {
  ONBOARDING_FLAGS,
  addCounts,
  businessDateOf,
  endOfMonth,
  holidayCalendar,
  missingWorkingDays,
  monthOf,
  NO_ROWS,
  periodStateOf,
  sumDecimals,
  sumMoney,
  type BusinessDate,
  type LedgerMonthsSummary,
  type MonthAtAGlance,
  type StateCounts,
} from '@portal/contracts';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { ProjectDirectory } from '../../catalog';
import { SummariseExpenseMonths } from '../../expenses';
import { GetMyStanding, type MyStanding } from '../../staff';
import { SummariseTimesheetMonths } from '../../timesheets';

/** How many coming holidays the dashboard lists. */
export const UPCOMING_HOLIDAYS = 4;

/**
 * GET /api/me/month: the signed-in person's month at a glance (the employee dashboard). One
 * query over the read models (time and expense summaries, the staff record, the catalog); the
 * day comes from the injected clock. Only one's own: the query takes no id.
 */
export class GetMonthAtAGlance extends PortalQuery<MonthAtAGlance> {
  constructor(principal: Principal) {
    super(principal);
  }
}

interface ProjectFacts {
  readonly name: string;
  readonly currency: string;
}

/** The month's figures from what the read models answered; pure, so any day can be tried. */
export function composeMonth(
  today: BusinessDate,
  time: LedgerMonthsSummary,
  expenses: LedgerMonthsSummary,
  projects: ReadonlyMap<number, ProjectFacts>,
  standing: MyStanding,
): MonthAtAGlance {
  const month = monthOf(today);
  const mine = (summary: LedgerMonthsSummary) => summary.cells.filter((c) => c.month === month);

  // A claimed amount is in its project's currency; with the project unknown (not in the person's
  // catalog scope any more) it has no currency to be summed under, so it is left out of the sums
  // (its project still shows under `periods`).
  const claimedByCurrency = new Map<string, string[]>();
  for (const cell of mine(expenses)) {
    const currency = projects.get(cell.projectId)?.currency;
    if (currency === undefined) continue;
    claimedByCurrency.set(currency, [...(claimedByCurrency.get(currency) ?? []), cell.amount]);
  }

  const counts = new Map<number, StateCounts>();
  for (const cell of [...mine(time), ...mine(expenses)])
    counts.set(cell.projectId, addCounts(counts.get(cell.projectId) ?? NO_ROWS, cell.counts));

  const entered = new Set(time.daysEntered.filter((d) => d.month === month).flatMap((d) => d.days));
  const year = Number(today.slice(0, 4));
  const upcoming = [year, year + 1]
    .flatMap((y) =>
      holidayCalendar(y).countries.flatMap((c) => c.holidays.map((h) => ({ ...h, country: c.country }))),
    )
    .filter((h) => h.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date) || a.country.localeCompare(b.country))
    .slice(0, UPCOMING_HOLIDAYS);

  return {
    month,
    today,
    hours: sumDecimals(mine(time).map((c) => c.hours)),
    expenses: [...claimedByCurrency]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, amounts]) => ({ currency, claimed: sumMoney(amounts) })),
    missingDays: missingWorkingDays(month, today, entered),
    periods: [...counts]
      .map(([projectId, c]) => ({
        projectId,
        projectName: projects.get(projectId)?.name ?? `Project ${projectId}`,
        state: periodStateOf(c),
      }))
      .sort((a, b) => a.projectName.localeCompare(b.projectName)),
    codeOfConductAcknowledgedAt: standing.codeOfConductAcknowledgedAt,
    onboardingDone: standing.onboardingDone,
    onboardingTotal: ONBOARDING_FLAGS.length,
    upcomingHolidays: upcoming,
  };
}

@QueryHandler(GetMonthAtAGlance)
export class GetMonthAtAGlanceHandler extends PortalQueryHandler<GetMonthAtAGlance> {
  constructor(
    private readonly queries: QueryBus,
    private readonly clock: Clock,
    private readonly catalog: ProjectDirectory,
  ) {
    super();
  }

  protected async handle({ principal }: GetMonthAtAGlance): Promise<MonthAtAGlance> {
    const person = principal!;
    const today = businessDateOf(this.clock.now());
    const start = `${monthOf(today)}-01`;
    const end = endOfMonth(start);
    const own = [person.staffId];
    const [time, expenses, projects, standing] = await Promise.all([
      this.queries.execute<SummariseTimesheetMonths, LedgerMonthsSummary>(
        new SummariseTimesheetMonths(person, start, end, own),
      ),
      this.queries.execute<SummariseExpenseMonths, LedgerMonthsSummary>(
        new SummariseExpenseMonths(person, start, end, own),
      ),
      this.catalog.listAll(ownerScopeOf(person)),
      this.queries.execute<GetMyStanding, MyStanding>(new GetMyStanding(person)),
    ]);
    const facts = new Map(projects.map((p) => [p.projectId, { name: p.name, currency: p.invoiceCurrency }]));
    return composeMonth(today, time, expenses, facts, standing);
  }
}
