import type { BillingCycle } from '../kernel/constants';
import { endOfMonth, type BusinessDate, type BusinessMonth } from '../kernel/dates';
import { sumDecimals, sumMoney } from '../kernel/money';
import {
  monthPeriodLabel,
  periodAfter,
  periodContaining,
  periodTitle,
  type BillingPeriod,
} from './billing-cycles';
import { addCounts, NO_ROWS, type StateCounts } from './board-counts';

/**
 * The periods of the period board and the employee dashboard (decision 0241): each project's own
 * billing periods, as its cycle cuts them (a 26-to-25 project's period is 26 Oct to 25 Nov, never
 * October and November), with the figures of exactly its days.
 */

/** A period as the board names it: its key ('YYYY-MM' or a week's Saturday), label and days. */
export type BoardPeriod = Pick<BillingPeriod, 'key' | 'label' | 'start' | 'end'>;

function boardPeriod({ key, label, start, end }: BillingPeriod): BoardPeriod {
  return { key, label, start, end };
}

/** A project's periods on the board: [the one before the current, the current (holding `today`)]. */
export function boardPeriodsOf(
  cycle: BillingCycle,
  today: BusinessDate,
): readonly [BoardPeriod, BoardPeriod] {
  const current = periodContaining(cycle, today);
  return [boardPeriod(periodAfter(current, -1)), boardPeriod(current)];
}

/** A calendar month as a period (the missing days are counted by calendar month). */
export function monthPeriod(month: BusinessMonth): BoardPeriod {
  const start = `${month}-01`;
  return { key: month, label: monthPeriodLabel(month), start, end: endOfMonth(start) };
}

/** True when the period is exactly one calendar month. */
export function isCalendarMonth(period: Pick<BoardPeriod, 'start' | 'end'>): boolean {
  return period.start.endsWith('-01') && period.end === endOfMonth(period.start);
}

/**
 * How the board and its tasks name a period: a calendar month by its label ('Nov - 2026', as
 * before), any other period as the verify page titles it, with its days ('Nov - 2026 (26 Oct -
 * 25 Nov 2026)'; a week: '21 Nov - 27 Nov 2026').
 */
export function boardPeriodName(period: BoardPeriod): string {
  return isCalendarMonth(period) ? period.label : periodTitle(period);
}

/** The key of the period of `periods` holding `date`, if one does. */
export function periodKeyOf(periods: readonly BoardPeriod[], date: BusinessDate): string | null {
  return periods.find((p) => p.start <= date && date <= p.end)?.key ?? null;
}

/** What one kind's read model sums over some of a person's rows of one project. */
export interface CellSums {
  readonly counts: StateCounts;
  /** Time: hours; expenses: '0'. */
  readonly hours: string;
  /** Time: the value (hours x 200); expenses: the claimed total. */
  readonly amount: string;
  readonly lateEntries: number;
  /** The reason of the latest return among the returned rows, null without. */
  readonly returnReason: string | null;
  /** When that return was made (ISO-8601 instant, UTC), null without. */
  readonly returnedAt: string | null;
}

export const NO_SUMS: CellSums = {
  counts: NO_ROWS,
  hours: '0',
  amount: '0',
  lateEntries: 0,
  returnReason: null,
  returnedAt: null,
};

/**
 * One period's sums from its parts (a period that spans two calendar months comes in one part per
 * month): counts, hours, amounts and late entries added, the reason of the latest return kept.
 */
export function sumParts(parts: readonly CellSums[]): CellSums {
  if (parts.length === 0) return NO_SUMS;
  let latest: CellSums | null = null;
  for (const part of parts)
    if (
      part.returnReason !== null &&
      (latest === null || (part.returnedAt ?? '') > (latest.returnedAt ?? ''))
    )
      latest = part;
  return {
    counts: parts.reduce((sum, part) => addCounts(sum, part.counts), NO_ROWS),
    hours: sumDecimals(parts.map((part) => part.hours)),
    amount: sumMoney(parts.map((part) => part.amount)),
    lateEntries: parts.reduce((sum, part) => sum + part.lateEntries, 0),
    returnReason: latest?.returnReason ?? null,
    returnedAt: latest?.returnedAt ?? null,
  };
}
