import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifiedKind } from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../../../lib/api';
import { expensesKey } from '../../../lib/expenses/get-expenses';
import { timesheetsKey } from '../../../lib/timesheets/get-timesheets';
import { ledgerLockKey } from './verify-review-queries';

const submissions = new SubmissionKeys();

export interface VerifyPeriodRequest {
  readonly projectId: number;
  readonly what: VerifiedKind;
  /** The first and last day of one period of the project's billing cycle. */
  readonly start: string;
  readonly end: string;
}

/**
 * `POST /api/ledgers/me/verify {projectId, what, start, end}`: PeriodVerified on each month the
 * period touches, the kind locked for exactly its days.
 */
export function verifyPeriod(request: VerifyPeriodRequest): Promise<{ position: string | null }> {
  return apiRequest('POST', '/api/ledgers/me/verify', {
    body: request,
    idempotencyKey: submissions.keyFor(request),
  });
}

/** Verifying changes the rows' states and the lock: both lists and the lock checks load again. */
export function useVerifyPeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPeriod,
    onSuccess: async (_answer, request) => {
      submissions.forget(request);
      await Promise.all(
        [timesheetsKey, expensesKey, ledgerLockKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
