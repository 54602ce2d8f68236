import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RosterChange } from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../../../lib/api';
import { downloadFile } from '../../../lib/downloads';
import { mergeChanges } from '../roster-model';

export const rosterKey = ['roster'] as const;

/** The screen's filters; empty lists and null mean no filter. */
export interface RosterFilters {
  readonly projectIds: readonly number[];
  readonly employeeIds: readonly number[];
  readonly ownerId: number | null;
}

export const NO_FILTERS: RosterFilters = { projectIds: [], employeeIds: [], ownerId: null };

/** The filters as the query string of GET /api/roster and /api/roster/export. */
export function filterQuery(filters: RosterFilters): Record<string, string | number | null> {
  return {
    projectIds: filters.projectIds.length > 0 ? filters.projectIds.join(',') : null,
    employeeIds: filters.employeeIds.length > 0 ? filters.employeeIds.join(',') : null,
    ownerId: filters.ownerId,
  };
}

/** `GET /api/roster/choices`: what the filters offer (people, projects, owners in scope). */
export const rosterChoicesQuery = queryOptions({
  queryKey: [...rosterKey, 'choices'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/roster/choices', { signal }),
});

/** `GET /api/roster?...`: the matrix, filtered on the server. */
export function rosterMatrixQuery(filters: RosterFilters, asOf: string | null = null) {
  return queryOptions({
    queryKey: [...rosterKey, 'matrix', filters, asOf],
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/roster', { query: { ...filterQuery(filters), asOf }, signal }),
  });
}

export function useRosterChoices() {
  return useQuery(rosterChoicesQuery);
}

/** The last matrix stays on screen while a new filter loads. `asOf`: the matrix as it stood then (read-only). */
export function useRosterMatrix(filters: RosterFilters, asOf: string | null) {
  return useQuery({ ...rosterMatrixQuery(filters, asOf), placeholderData: keepPreviousData });
}

const submissions = new SubmissionKeys();

/**
 * `POST /api/roster`: the pending changes as one command. The answer comes once the read models
 * show them (read-your-writes); the changes are merged into the matrix on screen, then it reloads.
 */
export function useSaveRoster(filters: RosterFilters) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: readonly RosterChange[]) => {
      const body = { changes };
      return apiRequest('POST', '/api/roster', {
        body,
        idempotencyKey: submissions.keyFor(body),
      });
    },
    onSuccess: (_answer, changes) => {
      submissions.forget({ changes });
      queryClient.setQueryData(rosterMatrixQuery(filters).queryKey, (current) =>
        current ? mergeChanges(current, changes) : current,
      );
      // Other filters' answers and the pickers of time and expenses are stale now.
      void queryClient.invalidateQueries({ queryKey: rosterKey });
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}

/** `GET /api/roster/export?...`: employee-roster.xlsx of what the filters show. */
export function exportRoster(filters: RosterFilters): Promise<string> {
  return downloadFile('/api/roster/export', 'employee-roster.xlsx', filterQuery(filters));
}
