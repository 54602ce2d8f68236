import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/**
 * `GET /api/timesheets/recent`: the person's own recent project, sub-project and activity
 * combinations. Under the timesheets key, so a save brings the list up to date.
 */
export function useRecentCombinations() {
  return useQuery({
    queryKey: ['timesheets', 'recent'],
    queryFn: ({ signal }) => apiRequest('GET', '/api/timesheets/recent', { signal }),
  });
}
