import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeaveRequest } from '@portal/contracts';
import { ApiError, apiRequest, SubmissionKeys } from '../../../lib/api';
import { leaveKey } from '../../../lib/leave';

export const ownLeaveQuery = queryOptions({
  queryKey: [...leaveKey, 'own'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/leave', { signal }),
});

export const useOwnLeave = () => useQuery(ownLeaveQuery);

export interface TeamLeaveFilter {
  readonly start: string;
  readonly end: string;
  /** null: everyone the admin may see. */
  readonly employeeId: number | null;
}

export function teamLeaveQuery({ start, end, employeeId }: TeamLeaveFilter) {
  return queryOptions({
    queryKey: [...leaveKey, 'team', start, end, employeeId],
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/admin/leave', {
        query: { start, end, employeeId: employeeId ?? undefined },
        signal,
      }),
  });
}

export const useTeamLeave = (filter: TeamLeaveFilter, enabled = true) =>
  useQuery({ ...teamLeaveQuery(filter), enabled });

const submissions = new SubmissionKeys();

/** A new leave (POST), or the leave being edited with the version the person saw (PUT). */
export type SaveLeave =
  | { readonly leaveId: null; readonly form: LeaveRequest }
  | { readonly leaveId: string; readonly version: number; readonly form: LeaveRequest };

/**
 * POST (new) or PUT (edit) the whole form; then the list and the calendar marks load again. A
 * stale edit (409: saved meanwhile elsewhere) reloads them too, so the table shows what won.
 */
export function useSaveLeave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveLeave) => {
      const idempotencyKey = submissions.keyFor(request);
      return request.leaveId === null
        ? apiRequest('POST', '/api/leave', { body: request.form, idempotencyKey })
        : apiRequest('PUT', `/api/leave/${request.leaveId}`, {
            body: { ...request.form, version: request.version },
            idempotencyKey,
          });
    },
    onSuccess: (_answer, request) => {
      submissions.forget(request);
      return queryClient.invalidateQueries({ queryKey: leaveKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        return queryClient.invalidateQueries({ queryKey: leaveKey });
    },
  });
}

export function useRemoveLeave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leaveId: string) => apiRequest('DELETE', `/api/leave/${leaveId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leaveKey }),
  });
}
