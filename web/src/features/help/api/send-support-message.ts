import { useMutation } from '@tanstack/react-query';
import type { SupportMessageRequest } from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../../../lib/api';

const submissions = new SubmissionKeys();

/** The browser's time zone, so a refusal names a time of day the person reads as theirs. */
function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}

/** POST /api/help/support-messages; the same message sent again after a failure reuses its key. */
export function useSendSupportMessage() {
  return useMutation({
    mutationFn: (message: string) => {
      const body: SupportMessageRequest = { message, timeZone: browserTimeZone() };
      return apiRequest('POST', '/api/help/support-messages', {
        body,
        idempotencyKey: submissions.keyFor(message),
      });
    },
    onSuccess: (_answer, message) => submissions.forget(message),
  });
}
