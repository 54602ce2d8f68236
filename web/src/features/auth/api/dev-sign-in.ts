import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DevFirstSignInRequest, DevSignInRequest, DevSignInResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api';
import { startSession } from '../../../lib/session';

/** `POST /api/auth/dev/sign-in` {staffId} -> {token}. */
export function devSignIn(staffId: number): Promise<DevSignInResponse> {
  const body: DevSignInRequest = { staffId };
  return apiRequest('POST', '/api/auth/dev/sign-in', { body });
}

/** `POST /api/auth/dev/first-sign-in` {username, name} -> {token}: someone no one has added yet. */
export function devFirstSignIn(request: DevFirstSignInRequest): Promise<DevSignInResponse> {
  return apiRequest('POST', '/api/auth/dev/first-sign-in', { body: request });
}

/** A dev sign-in call whose token starts the session (the previous person's data dropped). */
function useTokenSignIn<V>(signIn: (variables: V) => Promise<DevSignInResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ token }) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      startSession(token);
    },
  });
}

export const useDevSignIn = () => useTokenSignIn(devSignIn);
export const useDevFirstSignIn = () => useTokenSignIn(devFirstSignIn);
