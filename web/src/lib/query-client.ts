import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** One client for the app; the router's loaders prefetch into it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refusal (4xx) will not change by asking again; a dropped connection might.
      retry: (failureCount, error) =>
        failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});
