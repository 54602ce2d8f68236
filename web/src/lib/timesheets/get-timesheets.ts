import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TimesheetSortField } from '@portal/contracts';
import { apiRequest } from '../api';

export interface TimesheetListParams {
  readonly start: string;
  readonly end: string;
  readonly projectId: number | null;
  readonly sortBy: TimesheetSortField;
  readonly direction: 'asc' | 'desc';
}

export const timesheetsKey = ['timesheets'] as const;

/** `GET /api/timesheets`: the person's rows, totals and whether overtime columns show. */
export function timesheetsQuery(params: TimesheetListParams) {
  return queryOptions({
    queryKey: [...timesheetsKey, 'list', params],
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/timesheets', {
        query: { ...params, projectId: params.projectId ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTimesheets(params: TimesheetListParams, enabled = true) {
  return useQuery({ ...timesheetsQuery(params), enabled });
}
