import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmissionKeys } from './api';

/**
 * A mutation that sends a command: after success the request's Idempotency-Key is forgotten (the
 * same content again is a new submission) and the `invalidates` queries load again.
 */
export function useCommandMutation<TRequest, TAnswer>(
  submissions: SubmissionKeys,
  mutationFn: (request: TRequest) => Promise<TAnswer>,
  invalidates: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_answer, request) => {
      submissions.forget(request);
      return queryClient.invalidateQueries({ queryKey: invalidates });
    },
  });
}
