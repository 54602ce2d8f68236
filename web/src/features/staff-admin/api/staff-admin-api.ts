import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  StaffAddRequest,
  StaffRevealResponse,
  StaffSensitiveField,
  StaffUpdateRequest,
} from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../../../lib/api';

export const staffAdminKey = ['admin', 'staff'] as const;

/** `GET /api/admin/staff`: everyone in the admin's scope (a sightstream admin: owner 2 only). */
export const staffListQuery = queryOptions({
  queryKey: [...staffAdminKey, 'list'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/staff', { signal }),
});

/** `GET /api/admin/staff/:id`: one person for the profile form, sensitive fields masked. */
export function staffDetailQuery(staffId: number) {
  return queryOptions({
    queryKey: [...staffAdminKey, 'detail', staffId],
    queryFn: ({ signal }) => apiRequest('GET', `/api/admin/staff/${staffId}`, { signal }),
  });
}

export const useStaffList = () => useQuery(staffListQuery);

/**
 * `GET /api/admin/access-requests`: who signed in before anyone added them (issue 25). Under the
 * staff key, so adding a person loads it again (they leave it).
 */
export const awaitingAccessQuery = queryOptions({
  queryKey: [...staffAdminKey, 'awaiting-access'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/access-requests', { signal }),
});

export const useAwaitingAccess = () => useQuery(awaitingAccessQuery);

export const useStaffDetail = (staffId: number | null) =>
  useQuery({ ...staffDetailQuery(staffId ?? 0), enabled: staffId !== null });

/** `GET /api/admin/owners`: the organisations a person may be added to. */
export const staffOwnersQuery = queryOptions({
  queryKey: [...staffAdminKey, 'owners'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/owners', { signal }),
  staleTime: 5 * 60_000,
});

export const useStaffOwners = () => useQuery(staffOwnersQuery);

const submissions = new SubmissionKeys();

/** `POST /api/admin/staff`: Add staff member; answers the new id, and the list loads again. */
export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StaffAddRequest) =>
      apiRequest('POST', '/api/admin/staff', {
        body: request,
        idempotencyKey: submissions.keyFor({ add: request }),
      }),
    onSuccess: (_answer, request) => {
      submissions.forget({ add: request });
      return queryClient.invalidateQueries({ queryKey: staffAdminKey });
    },
  });
}

/** `PUT /api/admin/staff/:id` with only the changed fields; the list and the person load again. */
export function useUpdateStaff(staffId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StaffUpdateRequest) =>
      apiRequest('PUT', `/api/admin/staff/${staffId}`, {
        body: request,
        idempotencyKey: submissions.keyFor({ staffId, request }),
      }),
    onSuccess: (_answer, request) => {
      submissions.forget({ staffId, request });
      return queryClient.invalidateQueries({ queryKey: staffAdminKey });
    },
  });
}

/** `POST /api/admin/staff/:id/deactivate`: Delete in the spec's words; history stays. */
export function useDeactivateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffId: number) => apiRequest('POST', `/api/admin/staff/${staffId}/deactivate`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffAdminKey }),
  });
}

/** `POST /api/admin/staff/:id/reveal`: one field in the clear; the server records the reveal. */
export function revealSensitiveField(
  staffId: number,
  field: StaffSensitiveField,
): Promise<StaffRevealResponse> {
  return apiRequest('POST', `/api/admin/staff/${staffId}/reveal`, { body: { field } });
}

/** `POST /api/admin/staff/:id/erase` with a reason: deletes the person's data key for good. */
export function useEraseStaffPersonalData(staffId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest('POST', `/api/admin/staff/${staffId}/erase`, { body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffAdminKey }),
  });
}

/** `GET /api/admin/directory-sync`: whether the portal reads a directory (GRAPH_* set). */
export const directorySyncStatusQuery = queryOptions({
  queryKey: [...staffAdminKey, 'directory-sync'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/directory-sync', { signal }),
  staleTime: 5 * 60_000,
});

export const useDirectorySyncStatus = () => useQuery(directorySyncStatusQuery);

/** `POST /api/admin/directory-sync`: one run now (each press a run of its own); the list loads again. */
export function useDirectorySync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/admin/directory-sync'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...staffAdminKey, 'list'] }),
  });
}
