import {
  type NetworkMode,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { SubmissionKeys } from './api';

/**
 * A mutation that sends a command: after success the request's Idempotency-Key is forgotten (the
 * same content again is a new submission) and the `invalidates` queries load again (a key, or a
 * function that invalidates several). `networkMode` 'always' sends even when the browser says it is
 * offline (react-query would hold the call until it is online), so that a form whose entries the
 * offline outbox keeps hears at once that no answer came (ui/offline).
 */
export function useCommandMutation<TRequest, TAnswer>(
  submissions: SubmissionKeys,
  mutationFn: (request: TRequest) => Promise<TAnswer>,
  invalidates: QueryKey | ((queryClient: QueryClient) => Promise<unknown>),
  networkMode?: NetworkMode,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    networkMode,
    onSuccess: (_answer, request) => {
      submissions.forget(request);
      return typeof invalidates === 'function'
        ? invalidates(queryClient)
        : queryClient.invalidateQueries({ queryKey: invalidates });
    },
  });
}
