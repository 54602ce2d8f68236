import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectOption } from '@portal/contracts';
import { apiRequest } from '../../../lib/api';

/** `GET /api/projects/sub-projects`: active projects except the umbrella project 45. */
export const subProjectsQuery = queryOptions({
  queryKey: ['projects', 'sub-projects'],
  queryFn: ({ signal }) => apiRequest<ProjectOption[]>('GET', '/api/projects/sub-projects', { signal }),
  staleTime: 5 * 60_000,
});

/** Only fetched while the umbrella project is chosen. */
export function useSubProjects(enabled: boolean) {
  return useQuery({ ...subProjectsQuery, enabled });
}
