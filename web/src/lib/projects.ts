import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectOption } from '@portal/contracts';
import { apiRequest } from './api';

/**
 * `GET /api/projects/billable`: active projects the signed-in person may bill, by name. Shared by
 * timesheets and expenses (and prefetched by the router), so it lives here rather than in a feature.
 */
export const billableProjectsQuery = queryOptions({
  queryKey: ['projects', 'billable'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/projects/billable', { signal }),
  staleTime: 5 * 60_000,
});

/** `enabled` false: the caller has its own list (the admin review's), so none is fetched. */
export function useBillableProjects(enabled = true) {
  return useQuery({ ...billableProjectsQuery, enabled });
}

export interface NamedOption {
  readonly id: number;
  readonly name: string;
}

/** Projects as Select options. */
export function projectOptionsOf(
  projects: readonly Pick<ProjectOption, 'projectId' | 'name'>[],
): NamedOption[] {
  return projects.map((p) => ({ id: p.projectId, name: p.name }));
}

/** Options plus the current choice, which stays choosable even if it is no longer listed. */
export function optionsKeeping(options: readonly NamedOption[], current: NamedOption | null): NamedOption[] {
  return current === null || options.some((o) => o.id === current.id) ? [...options] : [...options, current];
}

/** `GET /api/projects/sub-projects`: active projects except the umbrella project 45. */
export const subProjectsQuery = queryOptions({
  queryKey: ['projects', 'sub-projects'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/projects/sub-projects', { signal }),
  staleTime: 5 * 60_000,
});

/** Only fetched while the umbrella project is chosen. */
export function useSubProjects(enabled: boolean) {
  return useQuery({ ...subProjectsQuery, enabled });
}
