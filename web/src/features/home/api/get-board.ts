import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** `GET /api/periods/board`: under 'timesheets' so that saving time refreshes the board too. */
export const periodBoardQuery = queryOptions({
  queryKey: ['timesheets', 'period-board'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/periods/board', { signal }),
});

export function usePeriodBoard() {
  return useQuery(periodBoardQuery);
}
