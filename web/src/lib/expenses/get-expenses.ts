import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api';
import type { ExpenseSortField } from '@portal/contracts';

export interface ExpenseListParams {
  readonly start: string;
  readonly end: string;
  readonly projectId: number | null;
  readonly sortBy: ExpenseSortField;
  readonly direction: 'asc' | 'desc';
}

export const expensesKey = ['expenses', 'list'] as const;

/** `GET /api/expenses`: the person's expenses in a range, their totals and the contractor total. */
export function expensesQuery(params: ExpenseListParams) {
  return queryOptions({
    queryKey: [...expensesKey, params],
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/expenses', {
        query: { ...params, projectId: params.projectId ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useExpenses(params: ExpenseListParams, enabled = true) {
  return useQuery({ ...expensesQuery(params), enabled });
}
