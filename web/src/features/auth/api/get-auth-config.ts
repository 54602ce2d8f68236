import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthConfigResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api';

/**
 * `entra` of `GET /api/auth/config`, plus two optional fields the web can use if the server ever
 * sends them: API scopes (else the ID token is sent) and the permitted sign-in domains.
 */
export type EntraSettings = NonNullable<AuthConfigResponse['entra']> & {
  readonly scopes?: readonly string[];
  readonly allowedDomains?: readonly string[];
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
