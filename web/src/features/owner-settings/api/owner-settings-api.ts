import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnerTimeZoneSaved } from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../../../lib/api';
import { useCommandMutation } from '../../../lib/command-mutation';
import { currentUserKey } from '../../../lib/current-user';

const ownersKey = ['admin', 'owners', 'settings'] as const;

/** `GET /api/admin/owners`: the owners the admin manages, each with its time zone. */
export const ownerSettingsQuery = queryOptions({
  queryKey: ownersKey,
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/owners', { signal }),
});

export function useOwnerSettings() {
  return useQuery(ownerSettingsQuery);
}

export interface TimeZoneChange {
  readonly ownerId: number;
  readonly timeZone: string;
}

const submissions = new SubmissionKeys();

/**
 * `PUT /api/admin/owners/:id/time-zone`; then the owners and the signed-in person (whose "today"
 * may follow the new zone) load again.
 */
export function useSetOwnerTimeZone() {
  return useCommandMutation<TimeZoneChange, OwnerTimeZoneSaved>(
    submissions,
    (change) =>
      apiRequest('PUT', `/api/admin/owners/${change.ownerId}/time-zone`, {
        body: { timeZone: change.timeZone },
        idempotencyKey: submissions.keyFor(change),
      }),
    (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ownersKey }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  );
}
