import { apiRequest, SubmissionKeys } from '../../../lib/api';
import { useCommandMutation } from '../../../lib/command-mutation';
import type { ExpenseCommandResponse } from '@portal/contracts';
import { expensesKey } from '../../../lib/expenses/get-expenses';

const submissions = new SubmissionKeys();

export interface WithdrawExpense {
  readonly expenseId: string;
  readonly version: number;
}

/** `DELETE /api/expenses/:id?version=`. */
export function withdrawExpense(request: WithdrawExpense): Promise<ExpenseCommandResponse> {
  return apiRequest('DELETE', `/api/expenses/${encodeURIComponent(request.expenseId)}`, {
    query: { version: request.version },
    idempotencyKey: submissions.keyFor(request),
  });
}

export function useWithdrawExpense() {
  return useCommandMutation(submissions, withdrawExpense, expensesKey);
}
