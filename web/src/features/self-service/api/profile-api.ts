import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileSensitiveField } from '@portal/contracts';
import { apiRequest } from '../../../lib/api';

/** `GET /api/me/profile`: the signed-in person's own profile, sensitive fields masked. */
export const myProfileQuery = queryOptions({
  queryKey: ['me', 'profile'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/me/profile', { signal }),
});

export const useMyProfile = () => useQuery(myProfileQuery);

/** `POST /api/me/profile/reveal`: one of their own fields in the clear; the server records it. */
export async function revealOwnField(field: ProfileSensitiveField): Promise<string | null> {
  const answer = await apiRequest('POST', '/api/me/profile/reveal', { body: { field } });
  return answer.value;
}
