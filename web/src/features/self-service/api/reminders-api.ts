import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReminderPreferences } from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../../../lib/api';
import { useCommandMutation } from '../../../lib/command-mutation';

const remindersKey = ['me', 'reminder-preferences'] as const;

/** `GET /api/reminders/preferences`: the person's own reminder choices. */
export const reminderPreferencesQuery = queryOptions({
  queryKey: remindersKey,
  queryFn: ({ signal }) => apiRequest('GET', '/api/reminders/preferences', { signal }),
});

export const useReminderPreferences = () => useQuery(reminderPreferencesQuery);

const submissions = new SubmissionKeys();

/** `PUT /api/reminders/preferences`: saved as soon as the switch moves. */
export function useSetReminderPreferences() {
  return useCommandMutation(
    submissions,
    (request: ReminderPreferences) =>
      apiRequest('PUT', '/api/reminders/preferences', {
        body: request,
        idempotencyKey: submissions.keyFor(request),
      }),
    remindersKey,
  );
}
