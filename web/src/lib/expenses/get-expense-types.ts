import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api';

/** `GET /api/expenses/types`: the expense type code list with its behaviour flags. */
export const expenseTypesQuery = queryOptions({
  queryKey: ['expenses', 'types'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/expenses/types', { signal }),
  staleTime: 60 * 60_000,
});

export function useExpenseTypes() {
  return useQuery(expenseTypesQuery);
}
