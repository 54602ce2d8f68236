import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DevSignInRequest, DevSignInResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api';
import { startSession } from '../../../lib/session';

/** `POST /api/auth/dev/sign-in` {staffId} -> {token}. */
export function devSignIn(staffId: number): Promise<DevSignInResponse> {
  const body: DevSignInRequest = { staffId };
  return apiRequest('POST', '/api/auth/dev/sign-in', { body });
}

export function useDevSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: devSignIn,
    onSuccess: ({ token }) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      startSession(token);
    },
  });
}
