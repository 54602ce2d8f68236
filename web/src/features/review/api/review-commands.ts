import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminExpenseEditRequest,
  AdminTimesheetEditRequest,
  ApproveExpensesRequest,
  ApprovePeriodRequest,
  ReturnPeriodRequest,
} from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../../../lib/api';
import { reviewKey } from './get-review';

/**
 * The review's commands: approve a person's project over the period, approve chosen expenses,
 * return a period or chosen rows with a reason, and the admin edits. Each reloads the review (and
 * the lists a person sees, should the admin have them open in another tab).
 */
const submissions = new SubmissionKeys();

/**
 * Sends a command under one Idempotency-Key per content: a retry after a failure is recognised as
 * the same command; after success the same content is a new one.
 */
async function sendOnce<T>(payload: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<T> {
  const answer = await send(submissions.keyFor(payload));
  submissions.forget(payload);
  return answer;
}

function useReviewMutation<TRequest, TAnswer>(send: (request: TRequest) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all(
        [reviewKey, ['timesheets'], ['expenses']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

const post = (
  path: 'approve' | 'approve-expenses' | 'return',
  body: ApprovePeriodRequest | ApproveExpensesRequest | ReturnPeriodRequest,
) =>
  sendOnce({ path, body }, (idempotencyKey) =>
    apiRequest('POST', `/api/admin/review/${path}`, { body, idempotencyKey }),
  );

/** Approves every project of a person in turn (the command covers one project); stops at the first failure. */
export function useApprovePeriods() {
  return useReviewMutation(async (requests: readonly ApprovePeriodRequest[]) => {
    for (const request of requests) await post('approve', request);
  });
}

export function useApproveExpenses() {
  return useReviewMutation((request: ApproveExpensesRequest) => post('approve-expenses', request));
}

export function useReturnPeriod() {
  return useReviewMutation((request: ReturnPeriodRequest) => post('return', request));
}

export interface AdminTimesheetEdit {
  readonly entryId: string;
  readonly edit: AdminTimesheetEditRequest;
}

export function useAdminCorrectTimesheet() {
  return useReviewMutation(({ entryId, edit }: AdminTimesheetEdit) =>
    sendOnce({ entryId, edit }, (idempotencyKey) =>
      apiRequest('PUT', `/api/admin/timesheets/${encodeURIComponent(entryId)}`, {
        body: edit,
        idempotencyKey,
      }),
    ),
  );
}

export interface AdminExpenseEdit {
  readonly expenseId: string;
  readonly edit: AdminExpenseEditRequest;
}

export function useAdminCorrectExpense() {
  return useReviewMutation(({ expenseId, edit }: AdminExpenseEdit) =>
    sendOnce({ expenseId, edit }, (idempotencyKey) =>
      apiRequest('PUT', `/api/admin/expenses/${encodeURIComponent(expenseId)}`, {
        body: edit,
        idempotencyKey,
      }),
    ),
  );
}
