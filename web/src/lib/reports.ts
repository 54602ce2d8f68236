import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportEmbed, ReportEmbedRequest } from '@portal/contracts';
import { apiRequest } from './api';

/**
 * `GET /api/reports/status`: whether Download Timesheet and the verify page's Review report show a
 * Power BI report. It changes only when the portal is configured anew, so it is asked once per session.
 */
export const reportsStatusQuery = queryOptions({
  queryKey: ['reports', 'status'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/reports/status', { signal }),
  staleTime: Infinity,
  retry: 1,
});

/**
 * True only once the server said Power BI is configured; while asking, or if the question fails,
 * the dialogs keep the portal's own file (the answer that always works).
 */
export function usePowerBiEnabled(): boolean {
  return useQuery(reportsStatusQuery).data?.powerBi === true;
}

/** `POST /api/reports/embed`: the report, the embed token and the filters for one selection. */
export function fetchReportEmbed(request: ReportEmbedRequest, signal?: AbortSignal): Promise<ReportEmbed> {
  return apiRequest('POST', '/api/reports/embed', { body: request, signal });
}
