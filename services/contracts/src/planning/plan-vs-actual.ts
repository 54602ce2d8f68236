import type { BusinessMonth } from '../kernel/dates';
import { compareDecimals, PortalDecimal, sumDecimals } from '../kernel/money';

/**
 * Plan against actual (issue 9, beyond the specs): the hours recorded beside the hours planned,
 * their difference (actual − planned, exact decimals) and whether it is over or under the plan by
 * more than PLAN_TOLERANCE_PERCENT. One pure rule for the grid, its totals and the export.
 */
export const PLAN_TOLERANCE_PERCENT = 10;

/** 'over' / 'under': more than the tolerance away from the plan; nothing planned counts as 0. */
export type PlanDeviation = 'over' | 'under' | 'on-plan';

export const planDeviationLabels: Readonly<Record<PlanDeviation, string>> = {
  over: 'Over plan',
  under: 'Under plan',
  'on-plan': 'On plan',
};

export interface PlanComparison {
  readonly planned: number;
  /** Decimal string. */
  readonly actual: string;
  /** actual − planned, a decimal string ('-4.5'). */
  readonly difference: string;
  readonly deviation: PlanDeviation;
}

/** Compares hours recorded with hours planned (null or absent planned = 0, absent actual = 0). */
export function compareToPlan(
  planned: number | null | undefined,
  actual: string | undefined,
): PlanComparison {
  const plan = planned ?? 0;
  const recorded = actual ?? '0';
  const difference = new PortalDecimal(recorded).minus(plan).toFixed();
  const margin = new PortalDecimal(plan).times(PLAN_TOLERANCE_PERCENT).dividedBy(100);
  const deviation: PlanDeviation =
    compareDecimals(difference, margin) > 0
      ? 'over'
      : compareDecimals(difference, margin.negated()) < 0
        ? 'under'
        : 'on-plan';
  return { planned: plan, actual: new PortalDecimal(recorded).toFixed(), difference, deviation };
}

/** What the totals are made of: each person's planned and recorded hours by month. */
export interface PlanRow {
  readonly employeeId: number;
  readonly planned: Readonly<Record<BusinessMonth, number | null | undefined>>;
  readonly actual: Readonly<Record<BusinessMonth, string | undefined>>;
}

export interface PlannedHoursTotals {
  /** Each person over all months. */
  readonly perPerson: ReadonlyMap<number, PlanComparison>;
  /** The Total Hours row: everyone, month by month. */
  readonly perMonth: Readonly<Record<BusinessMonth, PlanComparison>>;
  /** The project over every person and month. */
  readonly project: PlanComparison;
}

const plannedSum = (values: readonly (number | null | undefined)[]): number =>
  values.reduce<number>((sum, value) => sum + (value ?? 0), 0);

const actualSum = (values: readonly (string | undefined)[]): string =>
  sumDecimals(values.map((value) => value ?? '0'));

/** The Total Hours row, each person's total and the project total, compared with the plan. */
export function plannedHoursTotals(
  months: readonly BusinessMonth[],
  rows: readonly PlanRow[],
): PlannedHoursTotals {
  const perPerson = new Map<number, PlanComparison>();
  for (const row of rows) {
    perPerson.set(
      row.employeeId,
      compareToPlan(
        plannedSum(months.map((m) => row.planned[m])),
        actualSum(months.map((m) => row.actual[m])),
      ),
    );
  }
  const perMonth: Record<BusinessMonth, PlanComparison> = {};
  for (const month of months) {
    perMonth[month] = compareToPlan(
      plannedSum(rows.map((r) => r.planned[month])),
      actualSum(rows.map((r) => r.actual[month])),
    );
  }
  const project = compareToPlan(
    plannedSum(months.map((m) => perMonth[m]?.planned)),
    actualSum(months.map((m) => perMonth[m]?.actual)),
  );
  return { perPerson, perMonth, project };
}
