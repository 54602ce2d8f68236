import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CandidateRequest } from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../../../lib/api';
import { downloadFile, uploadFile } from '../../../lib/downloads';

const candidatesKey = ['admin', 'hiring', 'candidates'] as const;

export const candidatesQuery = queryOptions({
  queryKey: candidatesKey,
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/hiring/candidates', { signal }),
});

export const useCandidates = () => useQuery(candidatesQuery);

const submissions = new SubmissionKeys();

export interface SaveCandidate {
  /** Null: a new candidate. */
  readonly candidateId: string | null;
  readonly form: CandidateRequest;
}

/** POST (new) or PUT (editing) the whole form; the same content sent again reuses its key. */
export function useSaveCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveCandidate) =>
      request.candidateId === null
        ? apiRequest('POST', '/api/admin/hiring/candidates', {
            body: request.form,
            idempotencyKey: submissions.keyFor(request),
          })
        : apiRequest('PUT', `/api/admin/hiring/candidates/${request.candidateId}`, {
            body: request.form,
            idempotencyKey: submissions.keyFor(request),
          }),
    onSuccess: (_answer, request) => {
      submissions.forget(request);
      return queryClient.invalidateQueries({ queryKey: candidatesKey });
    },
  });
}

export function useRemoveCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (candidateId: string) => apiRequest('DELETE', `/api/admin/hiring/candidates/${candidateId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: candidatesKey }),
  });
}

export function useEraseCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (candidateId: string) =>
      apiRequest('POST', `/api/admin/hiring/candidates/${candidateId}/erase`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: candidatesKey }),
  });
}

/** `POST /api/admin/hiring/resumes`: the file, checked by the server from its bytes. */
export function useUploadResume() {
  return useMutation({
    mutationFn: (file: File) => uploadFile('/api/admin/hiring/resumes', file),
  });
}

/**
 * Saves a candidate's resume under the server's name (`resume.pdf`, ...). It is downloaded, never
 * opened in a tab of the portal's origin: the upload check reads only the file's first bytes, and
 * the server sends it as an attachment (issue 24).
 */
export function downloadResume(candidateId: string): Promise<string> {
  return downloadFile(`/api/admin/hiring/candidates/${candidateId}/resume`, 'resume');
}
