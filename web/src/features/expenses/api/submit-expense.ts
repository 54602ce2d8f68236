import { apiRequest, SubmissionKeys } from '../../../lib/api';
import { useCommandMutation } from '../../../lib/command-mutation';
import type {
  AccommodationInput,
  ClaimExpensesResponse,
  ExpenseClaimInput,
  PerDiemInput,
} from '@portal/contracts';
import { expensesKey } from '../../../lib/expenses/get-expenses';

const submissions = new SubmissionKeys();

/** What the entry form sends: one expense, a per diem over several dates, or nightly amounts. */
export type ExpenseSubmission =
  | { readonly kind: 'single'; readonly body: ExpenseClaimInput }
  | { readonly kind: 'per-diem'; readonly body: PerDiemInput }
  | { readonly kind: 'accommodation'; readonly body: AccommodationInput };

const PATHS = {
  single: '/api/expenses',
  'per-diem': '/api/expenses/per-diem',
  accommodation: '/api/expenses/accommodation',
} as const;

/** `POST /api/expenses`, `/api/expenses/per-diem` or `/api/expenses/accommodation`. */
export function submitExpense(submission: ExpenseSubmission): Promise<ClaimExpensesResponse> {
  return apiRequest('POST', PATHS[submission.kind], {
    body: submission.body,
    idempotencyKey: submissions.keyFor(submission),
  });
}

export function useSubmitExpense() {
  return useCommandMutation(submissions, submitExpense, expensesKey);
}
