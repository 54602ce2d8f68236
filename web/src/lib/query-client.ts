import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** One client for the app; the router's loaders prefetch into it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A dropped connection may come back, so one silent retry; an answer (a 4xx refusal or a
      // 5xx failure) is shown at once with the screen's Retry (ui/query-state.tsx).
      retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.status > 0),
    },
    mutations: { retry: false },
  },
});
