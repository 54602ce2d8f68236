import { QueryBus, QueryHandler } from '@nestjs/cqrs';
import {
  ONBOARDING_FLAGS,
  addCounts,
  boardPeriodsOf,
  endOfMonth,
  holidayCalendar,
  missingWorkingDays,
  monthOf,
  monthPeriod,
  NO_ROWS,
  periodStateOf,
  sumDecimals,
  sumMoney,
  type BillingCycle,
  type BoardPeriod,
  type BusinessDate,
  type LedgerCellSummary,
  type LedgerMonthsSummary,
  type MonthAtAGlance,
  type StateCounts,
} from '@portal/contracts';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { BusinessCalendar } from '../../../platform/clock/business-calendar';
import { PortalQueryHandler, SignedInQuery } from '../../../platform/cqrs';
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
export class GetMonthAtAGlance extends SignedInQuery<MonthAtAGlance> {}

interface ProjectFacts {
  readonly name: string;
  readonly currency: string;
  readonly billingCycle: BillingCycle;
}

/**
 * The project's period holding today, as its billing cycle cuts it; a project the person's catalog
 * no longer shows has no known cycle, so its period is the calendar month.
 */
export function currentPeriodOf(facts: ProjectFacts | undefined, today: BusinessDate): BoardPeriod {
  return facts ? boardPeriodsOf(facts.billingCycle, today)[1] : monthPeriod(monthOf(today));
}

/**
 * The month's figures from what the read models answered (cells split by month and by each known
 * project's current period); pure, so any day can be tried. Hours, expenses and missing days are
 * the calendar month's; `periods` each project's current billing period (decision 0241).
 */
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

  // A project's rows of its current period: the cells of that period's key (unknown projects: the month's).
  const inCurrentPeriod = (cell: LedgerCellSummary) => {
    const facts = projects.get(cell.projectId);
    return facts ? cell.period === currentPeriodOf(facts, today).key : cell.month === month;
  };
  const counts = new Map<number, StateCounts>();
  for (const cell of [...time.cells, ...expenses.cells].filter(inCurrentPeriod))
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
        period: currentPeriodOf(projects.get(projectId), today),
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
    private readonly calendar: BusinessCalendar,
    private readonly catalog: ProjectDirectory,
  ) {
    super();
  }

  protected async handle({ principal }: GetMonthAtAGlance): Promise<MonthAtAGlance> {
    const person = principal!;
    const today = await this.calendar.todayFor(person);
    const own = [person.staffId];
    const [projects, standing] = await Promise.all([
      this.catalog.listAll(ownerScopeOf(person)),
      this.queries.execute<GetMyStanding, MyStanding>(new GetMyStanding(person)),
    ]);
    const facts = new Map(
      projects.map((p) => [
        p.projectId,
        { name: p.name, currency: p.invoiceCurrency, billingCycle: p.billingCycle },
      ]),
    );
    // Each project's current period, and the calendar month: the days the figures need.
    const asked = [...facts].map(([projectId, f]) => ({ projectId, ...currentPeriodOf(f, today) }));
    const start = [`${monthOf(today)}-01`, ...asked.map((p) => p.start)].sort()[0]!;
    const end = [endOfMonth(today), ...asked.map((p) => p.end)].sort().at(-1)!;
    const [time, expenses] = await Promise.all([
      this.queries.execute<SummariseTimesheetMonths, LedgerMonthsSummary>(
        new SummariseTimesheetMonths(person, start, end, own, asked),
      ),
      this.queries.execute<SummariseExpenseMonths, LedgerMonthsSummary>(
        new SummariseExpenseMonths(person, start, end, own, asked),
      ),
    ]);
    return composeMonth(today, time, expenses, facts, standing);
  }
}
