import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { myMonthKey } from '../../../lib/my-month';

/**
 * `GET /api/me/month`: the person's month at a glance (key: lib/my-month.ts). Saving time and
 * acknowledging the code of conduct invalidate it; expenses refresh it when /home opens again.
 */
export const myMonthQuery = queryOptions({
  queryKey: myMonthKey,
  queryFn: ({ signal }) => apiRequest('GET', '/api/me/month', { signal }),
  staleTime: 0,
});

export const useMyMonth = () => useQuery(myMonthQuery);
