import { useQuery } from '@tanstack/react-query';
import type { MeResponse, PendingAccessResponse } from '@portal/contracts';
import { apiRequest, isUnanswered } from './api';
import { isReadOnlyAuditor } from './auditor';
import { setBusinessTimeZone } from './business-day';
import { rememberedAnswer, rememberAnswer, useSessionToken } from './session';

/** `GET /api/me`: the signed-in person as the server knows them. */
export type CurrentUser = MeResponse;

export type CurrentUserState =
  | { readonly status: 'signed-out' }
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly retry: () => void }
  /** Signed in, but no one has added them yet (issue 25): only the pending page is theirs. */
  | { readonly status: 'pending'; readonly pending: PendingAccessResponse; readonly refresh: () => void }
  | { readonly status: 'signed-in'; readonly user: CurrentUser };

export const currentUserKey = ['me'] as const;

/** Where the session keeps its last `GET /api/me` answer (with the token, in sessionStorage). */
const ME_KEY = 'me';

/** Who is signed in (or not), for the shell, the route guard and pages that greet people. */
export function useCurrentUser(): CurrentUserState {
  const token = useSessionToken();
  const query = useQuery({
    queryKey: [...currentUserKey, token],
    queryFn: async ({ signal }) => {
      let me: MeResponse | PendingAccessResponse;
      try {
        me = await apiRequest('GET', '/api/me', { signal });
        rememberAnswer(ME_KEY, me);
      } catch (error) {
        // Opened without a connection (the shell comes from the service worker): the person this
        // session last knew, so the shell and its Waiting to send open; anything else is the error.
        const remembered = isUnanswered(error)
          ? rememberedAnswer<MeResponse | PendingAccessResponse>(ME_KEY)
          : null;
        if (!remembered) throw error;
        me = remembered;
      }
      // Every "today" of the web is a day of the person's owner's zone, as the server's rules are.
      if (me.access !== 'pending' && me.timeZone) setBusinessTimeZone(me.timeZone);
      return me;
    },
    enabled: token !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (token === null) return { status: 'signed-out' };
  if (query.isPending) return { status: 'loading' };
  if (query.isError) return { status: 'error', retry: () => void query.refetch() };
  if (query.data.access === 'pending') {
    return { status: 'pending', pending: query.data, refresh: () => void query.refetch() };
  }
  return { status: 'signed-in', user: query.data };
}

/**
 * Whether the signed-in person may change what an admin screen shows: false for a read-only
 * auditor, whose screens then show the data without their action buttons.
 */
export function useCanWrite(): boolean {
  const state = useCurrentUser();
  return state.status !== 'signed-in' || !isReadOnlyAuditor(state.user);
}

/** Whether the signed-in person reads the audit (admins and auditors): the History buttons show for them. */
export function useCanReadAudit(): boolean {
  const state = useCurrentUser();
  return state.status === 'signed-in' && (state.user.isAdmin || state.user.isAuditor === true);
}
