import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmissionKeys } from './api';

/**
 * A mutation that sends a command: after success the request's Idempotency-Key is forgotten (the
 * same content again is a new submission) and the `invalidates` queries load again (a key, or a
 * function that invalidates several).
 */
export function useCommandMutation<TRequest, TAnswer>(
  submissions: SubmissionKeys,
  mutationFn: (request: TRequest) => Promise<TAnswer>,
  invalidates: QueryKey | ((queryClient: QueryClient) => Promise<unknown>),
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_answer, request) => {
      submissions.forget(request);
      return typeof invalidates === 'function'
        ? invalidates(queryClient)
        : queryClient.invalidateQueries({ queryKey: invalidates });
    },
  });
}
