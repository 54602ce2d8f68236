import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** `GET /api/auth/dev/people` (only answered while dev sign-in is on). */
export const devPeopleQuery = queryOptions({
  queryKey: ['auth', 'dev', 'people'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/auth/dev/people', { signal }),
});

export function useDevPeople(enabled: boolean) {
  return useQuery({ ...devPeopleQuery, enabled });
}
