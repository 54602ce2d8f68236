import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeaveRequest } from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../../../lib/api';
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

export interface SaveLeave {
  /** null: a new leave (POST); else the leave being edited (PUT). */
  readonly leaveId: string | null;
  readonly form: LeaveRequest;
}

/** POST (new) or PUT (edit) the whole form; then the list and the calendar marks load again. */
export function useSaveLeave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveLeave) =>
      apiRequest(
        request.leaveId === null ? 'POST' : 'PUT',
        request.leaveId === null ? '/api/leave' : `/api/leave/${request.leaveId}`,
        { body: request.form, idempotencyKey: submissions.keyFor(request) },
      ),
    onSuccess: (_answer, request) => {
      submissions.forget(request);
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
