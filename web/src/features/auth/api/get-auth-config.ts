import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthConfigResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api';

/**
 * `entra` of `GET /api/auth/config` (authority, known authorities, protocol and allowed domains
 * from the server's configuration), plus API scopes the web can use if the server ever sends them
 * (else the ID token is sent).
 */
export type EntraSettings = NonNullable<AuthConfigResponse['entra']> & {
  readonly scopes?: readonly string[];
};

export interface AuthConfig extends Omit<AuthConfigResponse, 'entra'> {
  readonly entra: EntraSettings | null;
}

export const authConfigQuery = queryOptions({
  queryKey: ['auth', 'config'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/auth/config', { signal }),
  staleTime: Infinity,
});

export function useAuthConfig() {
  return useQuery(authConfigQuery);
}
