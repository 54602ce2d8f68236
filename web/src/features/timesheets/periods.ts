import { endOfMonth, startOfMonth, startOfMonthOffset } from '@portal/contracts';

/** The saved-timesheets quick filters (spec: current month is the default). */
export const PERIODS = [
  { id: 'current-month', name: 'Current month' },
  { id: 'previous-month', name: 'Previous month' },
  { id: 'last-3-months', name: 'Last 3 months' },
  { id: 'last-6-months', name: 'Last 6 months' },
  { id: 'last-year', name: 'Last year' },
  { id: 'custom', name: 'Custom range' },
] as const;

export type PeriodId = (typeof PERIODS)[number]['id'];

export interface DateRange {
  readonly start: string;
  readonly end: string;
}

/** Whole months ending with the current month (the previous month stands alone). */
export function periodRange(period: Exclude<PeriodId, 'custom'>, today: string): DateRange {
  const monthsBack = { 'current-month': 0, 'last-3-months': 2, 'last-6-months': 5, 'last-year': 11 } as const;
  if (period === 'previous-month') {
    const first = startOfMonthOffset(today, -1);
    return { start: first, end: endOfMonth(first) };
  }
  return {
    start: monthsBack[period] === 0 ? startOfMonth(today) : startOfMonthOffset(today, -monthsBack[period]),
    end: endOfMonth(today),
  };
}
