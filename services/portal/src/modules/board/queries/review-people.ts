import {
  addCounts,
  compareDecimals,
  NO_ROWS,
  reviewShowsOvertime,
  sumDecimals,
  sumMoney,
  UMBRELLA_PROJECT_ID,
  type ReviewPagePerson,
  type ReviewPeopleSort,
  type ReviewTotals,
} from '@portal/contracts';
import type { ReviewGroupSummary } from '../../lookups';

/**
 * The review's people over the whole filter, built from the timesheets' and expenses' sums per
 * person and project: pure, so the board's handler only fetches and pages. Sums are exact
 * decimals: hours and overtime as summed, values and claims truncated to cents as the lists show.
 */

export interface OwnerFacts {
  readonly projectId: number;
  readonly ownerId: number;
  readonly name: string;
}

export interface ReviewPeople {
  /** Everyone with rows in the filter, unsorted. */
  readonly people: readonly ReviewPagePerson[];
  readonly totals: ReviewTotals;
  readonly showOvertime: boolean;
}

const projectName = (projects: ReadonlyMap<number, OwnerFacts>, id: number) =>
  projects.get(id)?.name ?? `Project ${id}`;

/** Groups of people the review may show (`names`: id -> name and owner) into people with totals. */
export function reviewPeopleOf(
  time: readonly ReviewGroupSummary[],
  expenses: readonly ReviewGroupSummary[],
  names: ReadonlyMap<number, { readonly name: string; readonly ownerId: number }>,
  projects: ReadonlyMap<number, OwnerFacts>,
  ownerFilter: number | null,
): ReviewPeople {
  const byPerson = new Map<number, { time: ReviewGroupSummary[]; expenses: ReviewGroupSummary[] }>();
  const groupsOf = (employeeId: number) => {
    let groups = byPerson.get(employeeId);
    if (!groups) byPerson.set(employeeId, (groups = { time: [], expenses: [] }));
    return groups;
  };
  for (const g of time) if (names.has(g.employeeId)) groupsOf(g.employeeId).time.push(g);
  for (const g of expenses) if (names.has(g.employeeId)) groupsOf(g.employeeId).expenses.push(g);

  const people: ReviewPagePerson[] = [...byPerson].map(([employeeId, groups]) => {
    const person = names.get(employeeId)!;
    const timesheetValue = sumMoney(groups.time.map((g) => g.amount));
    const expensesClaimed = sumMoney(groups.expenses.map((g) => g.amount));
    const projectIds = [...new Set([...groups.time, ...groups.expenses].map((g) => g.projectId))];
    return {
      employeeId,
      employeeName: person.name,
      ownerId: person.ownerId,
      hours: sumDecimals(groups.time.map((g) => g.hours)),
      overtimeHours: sumDecimals(groups.time.map((g) => g.overtimeHours)),
      timesheetValue,
      expensesClaimed,
      total: sumMoney([timesheetValue, expensesClaimed]),
      counts: [...groups.time, ...groups.expenses].reduce((sum, g) => addCounts(sum, g.counts), NO_ROWS),
      projects: projectIds
        .map((id) => ({ projectId: id, name: projectName(projects, id) }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.projectId - b.projectId),
    };
  });

  const timesheetValue = sumMoney(people.map((p) => p.timesheetValue));
  const expensesClaimed = sumMoney(people.map((p) => p.expensesClaimed));
  const factsOf = (id: number | null) => {
    const project = id === null ? undefined : projects.get(id);
    return project ? { projectId: project.projectId, ownerId: project.ownerId } : null;
  };
  const rowsFacts = [...time, ...expenses].flatMap((g) => {
    const project = factsOf(g.projectId);
    if (!project) return [];
    return [{ project, subProject: g.projectId === UMBRELLA_PROJECT_ID ? factsOf(g.subProjectId) : null }];
  });
  return {
    people,
    totals: {
      hours: sumDecimals(people.map((p) => p.hours)),
      overtimeHours: sumDecimals(people.map((p) => p.overtimeHours)),
      timesheetValue,
      expensesClaimed,
      total: sumMoney([timesheetValue, expensesClaimed]),
      counts: people.reduce((sum, p) => addCounts(sum, p.counts), NO_ROWS),
    },
    showOvertime: reviewShowsOvertime(ownerFilter, rowsFacts),
  };
}

const SORT_VALUE: Record<Exclude<ReviewPeopleSort, 'name'>, (p: ReviewPagePerson) => string> = {
  hours: (p) => p.hours,
  expenses: (p) => p.expensesClaimed,
  total: (p) => p.total,
};

/** People in the asked order; ties (and the name order itself) by name, then id. */
export function sortReviewPeople(
  people: readonly ReviewPagePerson[],
  sort: ReviewPeopleSort,
  direction: 'asc' | 'desc',
): ReviewPagePerson[] {
  const byName = (a: ReviewPagePerson, b: ReviewPagePerson) =>
    a.employeeName.localeCompare(b.employeeName) || a.employeeId - b.employeeId;
  const sign = direction === 'asc' ? 1 : -1;
  const compare =
    sort === 'name'
      ? (a: ReviewPagePerson, b: ReviewPagePerson) => sign * byName(a, b)
      : (a: ReviewPagePerson, b: ReviewPagePerson) =>
          sign * compareDecimals(SORT_VALUE[sort](a), SORT_VALUE[sort](b)) || byName(a, b);
  return [...people].sort(compare);
}

/** The owner a row shows: its project's; for umbrella project 45, its sub-project's (admin spec §6). */
export function rowOwnerOf(
  projects: ReadonlyMap<number, OwnerFacts>,
  projectId: number,
  subProjectId: number | null,
): number {
  const ownerProject = projectId === UMBRELLA_PROJECT_ID && subProjectId !== null ? subProjectId : projectId;
  return projects.get(ownerProject)?.ownerId ?? projects.get(projectId)?.ownerId ?? 0;
}
