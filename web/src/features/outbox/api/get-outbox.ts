import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** An item of `GET /api/admin/outbox` (the embedded mailer's table). */
export type { OutboxMail } from '@portal/contracts';

export const outboxQuery = queryOptions({
  queryKey: ['admin', 'outbox'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/outbox', { signal }),
});

export function useOutbox() {
  return useQuery(outboxQuery);
}
