import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClientRequestInput,
  ClientSaved,
  ProjectDeleteOutcome,
  ProjectRequestInput,
  ProjectSaved,
} from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../../../lib/api';

/** Everything the admin catalog screens load; a change reloads it (and the project pickers). */
export const adminCatalogKey = ['admin', 'catalog'] as const;

export const adminClientsQuery = queryOptions({
  queryKey: [...adminCatalogKey, 'clients'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/clients', { signal }),
});

export const adminProjectsQuery = queryOptions({
  queryKey: [...adminCatalogKey, 'projects'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/projects', { signal }),
});

export const adminOwnersQuery = queryOptions({
  queryKey: [...adminCatalogKey, 'owners'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/owners', { signal }),
  staleTime: 5 * 60_000,
});

export const useAdminClients = () => useQuery(adminClientsQuery);
export const useAdminProjects = () => useQuery(adminProjectsQuery);
export const useAdminOwners = () => useQuery(adminOwnersQuery);

const submissions = new SubmissionKeys();

/**
 * A catalog command: one Idempotency-Key per submission (Save again after a failure is the same
 * command); after success the admin lists and the project pickers load again.
 */
function useCatalogMutation<TRequest, TAnswer>(send: (request: TRequest, key: string) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TRequest) => send(request, submissions.keyFor(request)),
    onSuccess: async (_answer, request) => {
      submissions.forget(request);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminCatalogKey }),
        queryClient.invalidateQueries({ queryKey: ['projects'] }),
      ]);
    },
  });
}

export interface ClientSave {
  /** Null: Add New Client. */
  readonly clientId: number | null;
  readonly body: ClientRequestInput;
}

/** POST /api/admin/clients or PUT /api/admin/clients/:id. */
export function useSaveClient() {
  return useCatalogMutation<ClientSave, ClientSaved>(({ clientId, body }, idempotencyKey) =>
    clientId === null
      ? apiRequest('POST', '/api/admin/clients', { body, idempotencyKey })
      : apiRequest('PUT', `/api/admin/clients/${clientId}`, { body, idempotencyKey }),
  );
}

export interface ProjectSave {
  /** Null: Add New Project. */
  readonly projectId: number | null;
  readonly body: ProjectRequestInput;
}

/** POST /api/admin/projects or PUT /api/admin/projects/:id. */
export function useSaveProject() {
  return useCatalogMutation<ProjectSave, ProjectSaved>(({ projectId, body }, idempotencyKey) =>
    projectId === null
      ? apiRequest('POST', '/api/admin/projects', { body, idempotencyKey })
      : apiRequest('PUT', `/api/admin/projects/${projectId}`, { body, idempotencyKey }),
  );
}

/** DELETE /api/admin/projects/:id: removed without history, deactivated with it. */
export function useDeleteProject() {
  return useCatalogMutation<{ readonly projectId: number }, ProjectDeleteOutcome>(
    ({ projectId }, idempotencyKey) =>
      apiRequest('DELETE', `/api/admin/projects/${projectId}`, { idempotencyKey }),
  );
}
