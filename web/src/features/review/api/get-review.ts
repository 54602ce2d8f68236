import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** What GET /api/admin/review is asked (the server parses and checks it again). */
export interface ReviewRequest {
  readonly start: string;
  readonly end: string;
  readonly ownerId: number | null;
  readonly employeeId: number | null;
  readonly projectId: number | null;
  readonly subProjectId: number | null;
  readonly page: number;
  readonly sort: string;
  readonly direction: 'asc' | 'desc';
  /** A past instant: the review as it stood then (read-only); null: now. */
  readonly asOf: string | null;
}

/** Under 'timesheets' and 'expenses' edits' keys too: any change to time or expenses reloads the review. */
export const reviewKey = ['review'] as const;

export function reviewQuery(request: ReviewRequest) {
  return queryOptions({
    queryKey: [...reviewKey, 'page', request],
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/admin/review', {
        signal,
        query: {
          start: request.start,
          end: request.end,
          ownerId: request.ownerId,
          employeeId: request.employeeId,
          projectId: request.projectId,
          subProjectId: request.subProjectId,
          page: request.page,
          sort: request.sort,
          direction: request.direction,
          asOf: request.asOf,
        },
      }),
  });
}

/** One page of the review; the page shown stays while the next one loads (no blank screen). */
export function useReview(request: ReviewRequest | null) {
  return useQuery({
    ...reviewQuery(request ?? ({} as ReviewRequest)),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

export const reviewFiltersQuery = queryOptions({
  queryKey: [...reviewKey, 'filters'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/review/filters', { signal }),
  staleTime: 5 * 60_000,
});

export function useReviewFilters() {
  return useQuery(reviewFiltersQuery);
}
