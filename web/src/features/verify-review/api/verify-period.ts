import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifiedKind } from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../../../lib/api';
import { expensesKey } from '../../../lib/expenses/get-expenses';
import { timesheetsKey } from '../../../lib/timesheets/get-timesheets';
import { ledgerLockKey } from './verify-review-queries';

const submissions = new SubmissionKeys();

export interface VerifyPeriodRequest {
  readonly month: string;
  readonly projectId: number;
  readonly what: VerifiedKind;
}

/** `POST /api/ledgers/me/:month/verify {projectId, what}`: PeriodVerified, the kind locked. */
export function verifyPeriod(request: VerifyPeriodRequest): Promise<{ position: string | null }> {
  const { month, projectId, what } = request;
  return apiRequest('POST', `/api/ledgers/me/${encodeURIComponent(month)}/verify`, {
    body: { projectId, what },
    idempotencyKey: submissions.keyFor(request),
  });
}

/** Verifying changes the rows' states and the lock: both lists and the lock check load again. */
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
