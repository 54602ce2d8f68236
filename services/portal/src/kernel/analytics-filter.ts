import { endOfMonth, type BusinessMonth } from '@portal/contracts';

/**
 * The rows an analytics view covers, as each context that sums its own rows for the ERP pages
 * (time, expenses) is asked: a range of months, and people and projects; null = no narrowing.
 */
export interface AnalyticsFilter {
  readonly from: BusinessMonth;
  readonly to: BusinessMonth;
  readonly employeeIds: readonly number[] | null;
  readonly projectIds: readonly number[] | null;
}

/** An empty list of people or projects: no row can match. */
export function matchesNothing(filter: AnalyticsFilter): boolean {
  return filter.employeeIds?.length === 0 || filter.projectIds?.length === 0;
}

/** The first and last dates ('YYYY-MM-DD') of the filter's months. */
export function analyticsDates(filter: AnalyticsFilter): { readonly first: string; readonly last: string } {
  return { first: `${filter.from}-01`, last: endOfMonth(`${filter.to}-01`) };
}
