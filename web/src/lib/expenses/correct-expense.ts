import { apiRequest, SubmissionKeys } from '../api';
import { useCommandMutation } from '../command-mutation';
import type { ExpenseCommandResponse, ExpenseEditInput } from '@portal/contracts';
import { expensesKey } from './get-expenses';

const submissions = new SubmissionKeys();

export interface CorrectExpense {
  readonly expenseId: string;
  readonly edit: ExpenseEditInput;
}

/** `PUT /api/expenses/:id` with the version the person saw (409 when it changed meanwhile). */
export function correctExpense({ expenseId, edit }: CorrectExpense): Promise<ExpenseCommandResponse> {
  return apiRequest('PUT', `/api/expenses/${encodeURIComponent(expenseId)}`, {
    body: edit,
    idempotencyKey: submissions.keyFor({ expenseId, edit }),
  });
}

export function useCorrectExpense() {
  return useCommandMutation(submissions, correctExpense, expensesKey);
}
