import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthAtAGlance } from '@portal/contracts';
import { apiRequest } from '../../../lib/api';

/**
 * `GET /api/me/month`: the person's month at a glance. Under 'timesheets' so that saving time
 * refreshes it too (expenses and the code of conduct refresh it when /home opens again).
 */
export const myMonthQuery = queryOptions({
  queryKey: ['timesheets', 'me-month'],
  queryFn: ({ signal }) => apiRequest<MonthAtAGlance>('GET', '/api/me/month', { signal }),
  staleTime: 0,
});

export const useMyMonth = () => useQuery(myMonthQuery);
