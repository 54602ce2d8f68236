import { apiRequest, SubmissionKeys } from '../../../lib/api';
import { useCommandMutation } from '../../../lib/command-mutation';
import type {
  AccommodationInput,
  ClaimExpensesResponse,
  ExpenseClaimInput,
  PerDiemInput,
} from '@portal/contracts';
import { expensesKey } from '../../../lib/expenses/get-expenses';
import { keptFile, type OutboxRequest } from '../../../ui/offline';

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

/** The path a submission is sent to (the outbox keeps it with the body). */
export function pathOf(submission: ExpenseSubmission): (typeof PATHS)[ExpenseSubmission['kind']] {
  return PATHS[submission.kind];
}

/**
 * The key the submission was sent with, handed over for good: when no answer came back, it goes to
 * the offline outbox, which sends it again under this same key (the server records it once).
 */
export function handOverKey(submission: ExpenseSubmission): string {
  const key = submissions.keyFor(submission);
  submissions.forget(submission);
  return key;
}

/** The claim (and its receipt, if kept) as the offline outbox keeps it, under the key it was sent with. */
export async function keptClaim(
  submission: ExpenseSubmission,
  receipt: File | null,
  summary: string,
): Promise<OutboxRequest> {
  return {
    kind: 'expense',
    path: pathOf(submission),
    body: submission.body,
    idempotencyKey: handOverKey(submission),
    receipt: receipt && (await keptFile(receipt)),
    summary,
  };
}

export function useSubmitExpense() {
  return useCommandMutation(submissions, submitExpense, expensesKey, 'always');
}
