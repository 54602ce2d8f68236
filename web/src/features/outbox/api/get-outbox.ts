import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/**
 * An item of `GET /api/admin/outbox` (the embedded mailer's table). Not in @portal/contracts yet:
 * the shape follows platform/mail/outbox-mailer.ts.
 */
export interface OutboxMail {
  readonly id: string;
  readonly to: readonly string[] | string;
  readonly subject: string;
  readonly text: string;
  readonly createdAt: string;
}

export const outboxQuery = queryOptions({
  queryKey: ['admin', 'outbox'],
  queryFn: ({ signal }) => apiRequest<OutboxMail[]>('GET', '/api/admin/outbox', { signal }),
});

export function useOutbox() {
  return useQuery(outboxQuery);
}
