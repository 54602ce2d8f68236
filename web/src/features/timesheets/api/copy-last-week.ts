import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/**
 * `GET /api/timesheets/copy-last-week`: last week's own entries laid onto this week by the
 * server's clock (record 0262). `request` counts the presses of Copy last week: each press asks
 * afresh, and the answer is not kept once the review closes.
 */
export function copyLastWeekQuery(request: number) {
  return queryOptions({
    // Not under the timesheets key: saving rows reloads the lists, never the review being worked on.
    queryKey: ['copy-last-week', request],
    queryFn: ({ signal }) => apiRequest('GET', '/api/timesheets/copy-last-week', { query: {}, signal }),
    staleTime: Infinity,
    gcTime: 0,
  });
}
