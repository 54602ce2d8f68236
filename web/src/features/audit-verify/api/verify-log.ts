import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export const verifyLogQuery = queryOptions({
  queryKey: ['audit', 'verify'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/audit/verify', { signal }),
  // Read only when the person asks (the check reads the whole log), never in the background.
  enabled: false,
  gcTime: 0,
  retry: false,
});

export function useVerifyLog() {
  return useQuery(verifyLogQuery);
}
