import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectOption } from '@portal/contracts';
import { apiRequest } from '../../../lib/api';

/** `GET /api/projects/billable`: active projects the signed-in person may bill, by name. */
export const billableProjectsQuery = queryOptions({
  queryKey: ['projects', 'billable'],
  queryFn: ({ signal }) => apiRequest<ProjectOption[]>('GET', '/api/projects/billable', { signal }),
  staleTime: 5 * 60_000,
});

export function useBillableProjects() {
  return useQuery(billableProjectsQuery);
}
