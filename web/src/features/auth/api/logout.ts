import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { endSession } from '../../../lib/session';
import { forgetEntraAccount } from '../entra';

/** `POST /api/auth/logout`, then the session is cleared here whatever the server answered. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout').catch(() => undefined),
    onSettled: async () => {
      endSession();
      await forgetEntraAccount();
      queryClient.clear();
    },
  });
}
