import {
  endOfMonth,
  isBusinessDate,
  isBusinessMonth,
  isWithin,
  periodContaining,
  REVIEW_PEOPLE_SORTS,
  reviewDateWindow,
  reviewPeriods,
  reviewRequestMessages,
  UMBRELLA_PROJECT_ID,
  type BillingCycle,
  type BillingPeriod,
  type BusinessDate,
  type ReviewPeopleSort,
} from '@portal/contracts';

/**
 * The review's filters as the URL keeps them, so a filter can be shared, bookmarked, reloaded and
 * reached from the period board (`?employeeId=&projectId=&start=&end=`: the days of the cell's
 * billing period). Pure: the page reads and writes the search parameters through these.
 *
 * - `owner`, `employeeId`, `projectId`, `subProjectId` (only with project 45);
 * - a period of the chosen project's billing cycle (`period`, its key; calendar months with no
 *   project), six back to one ahead, or a date range (`start`, `end`) from the start of the month six
 *   back to the end of the month two ahead;
 * - `month` (older links, bookmarks): that calendar month as a date range;
 * - `page`, `sort` and `dir` of the people.
 */
export interface ReviewFilterState {
  readonly ownerId: number | null;
  readonly employeeId: number | null;
  readonly projectId: number | null;
  readonly subProjectId: number | null;
  readonly mode: 'period' | 'range';
  /** The chosen period's key; null: the current one. */
  readonly periodKey: string | null;
  /** The date range as typed (mode 'range'). */
  readonly start: string;
  readonly end: string;
  readonly page: number;
  readonly sort: ReviewPeopleSort;
  readonly direction: 'asc' | 'desc';
}

/** Calendar months when no project (or its cycle) is known. */
export const CALENDAR_MONTHS: BillingCycle = 'Standard Month (First to last)';

function idOf(text: string | null): number | null {
  if (text === null || !/^\d{1,9}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 ? id : null;
}

export function filtersFromSearch(search: URLSearchParams): ReviewFilterState {
  const owner = idOf(search.get('owner'));
  const projectId = idOf(search.get('projectId'));
  const month = search.get('month');
  const fromBoard = month !== null && isBusinessMonth(month);
  const start = fromBoard ? `${month}-01` : (search.get('start') ?? '');
  const end = fromBoard ? endOfMonth(`${month}-01`) : (search.get('end') ?? '');
  const sort = REVIEW_PEOPLE_SORTS.find((s) => s === search.get('sort')) ?? 'name';
  return {
    ownerId: owner === 1 || owner === 2 ? owner : null,
    employeeId: idOf(search.get('employeeId')),
    projectId,
    subProjectId: projectId === UMBRELLA_PROJECT_ID ? idOf(search.get('subProjectId')) : null,
    mode: fromBoard || search.has('start') || search.has('end') ? 'range' : 'period',
    periodKey: search.get('period'),
    start,
    end,
    page: idOf(search.get('page')) ?? 1,
    sort,
    direction: search.get('dir') === 'desc' ? 'desc' : 'asc',
  };
}

/** The search parameters of a filter state (defaults left out). */
export function searchOfFilters(state: ReviewFilterState): URLSearchParams {
  const search = new URLSearchParams();
  const set = (name: string, value: string | number | null) => {
    if (value !== null && value !== '') search.set(name, String(value));
  };
  set('owner', state.ownerId);
  set('employeeId', state.employeeId);
  set('projectId', state.projectId);
  set('subProjectId', state.projectId === UMBRELLA_PROJECT_ID ? state.subProjectId : null);
  if (state.mode === 'period') set('period', state.periodKey);
  else {
    set('start', state.start);
    set('end', state.end);
  }
  if (state.page > 1) set('page', state.page);
  if (state.sort !== 'name') set('sort', state.sort);
  if (state.direction === 'desc') set('dir', 'desc');
  return search;
}

/** The periods offered for a cycle, and the one chosen (the current one when none or an unknown key). */
export function chosenPeriod(
  cycle: BillingCycle,
  periodKey: string | null,
  today: BusinessDate,
): { periods: BillingPeriod[]; period: BillingPeriod } {
  const periods = reviewPeriods(cycle, today);
  const period = periods.find((p) => p.key === periodKey) ?? periodContaining(cycle, today);
  return { periods, period };
}

export type ReviewRange =
  | { readonly start: BusinessDate; readonly end: BusinessDate }
  | { readonly problems: { readonly start?: string; readonly end?: string } };

/** The dates the review covers, or what is wrong with the typed range (beside its field). */
export function reviewRangeOf(
  state: ReviewFilterState,
  cycle: BillingCycle,
  today: BusinessDate,
): ReviewRange {
  if (state.mode === 'period') {
    const { period } = chosenPeriod(cycle, state.periodKey, today);
    return { start: period.start, end: period.end };
  }
  const window = reviewDateWindow(today);
  const outside = `Choose a date from ${window.first} to ${window.last}`;
  const problemOf = (date: string, label: string) =>
    !isBusinessDate(date) ? `${label} must be a date` : !isWithin(date, window) ? outside : undefined;
  const problems = {
    start: problemOf(state.start, 'Start'),
    end:
      problemOf(state.end, 'End') ??
      (isBusinessDate(state.start) && state.end < state.start
        ? reviewRequestMessages.endBeforeStart
        : undefined),
  };
  if (problems.start || problems.end) return { problems };
  return { start: state.start, end: state.end };
}
