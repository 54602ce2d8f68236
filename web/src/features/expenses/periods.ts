import { endOfMonth, monthNameOf, monthOf, startOfMonthOffset } from '@portal/contracts';

/** The expense list's periods: the current month and the six before it (spec §9). */
export const EXPENSE_PERIOD_MONTHS = 7;

export interface MonthPeriod {
  /** 'YYYY-MM' */
  readonly id: string;
  /** 'November 2026' */
  readonly name: string;
  readonly start: string;
  readonly end: string;
}

export function monthName(month: string): string {
  return `${monthNameOf(month)} ${month.slice(0, 4)}`;
}

/** Newest first: this month, last month, ... six months back. */
export function expensePeriods(today: string, count = EXPENSE_PERIOD_MONTHS): MonthPeriod[] {
  return Array.from({ length: count }, (_, i) => {
    const start = startOfMonthOffset(today, -i);
    const month = monthOf(start);
    return { id: month, name: monthName(month), start, end: endOfMonth(start) };
  });
}
