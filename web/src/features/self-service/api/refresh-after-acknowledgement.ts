import type { QueryClient } from '@tanstack/react-query';
import { myMonthKey } from '../../../lib/my-month';

/** `GET /api/me/code-of-conduct`'s key. */
export const codeOfConductKey = ['me', 'code-of-conduct'] as const;

/**
 * After an acknowledgement: what the person's own data shows loads again ('me': the status, the
 * profile, who is signed in) and so does the dashboard's month at a glance, whose key is not under
 * 'me' (it is `myMonthKey`, under 'timesheets') and which shows when the code was acknowledged.
 */
export function refreshAfterAcknowledgement(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['me'] }),
    queryClient.invalidateQueries({ queryKey: myMonthKey }),
  ]);
}
