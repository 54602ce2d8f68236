import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { erpExportFileName, type ErpFilter, type ErpPage, type ErpReports } from '@portal/contracts';
import { apiRequest } from '../../lib/api';
import { downloadFile } from '../../lib/downloads';

const key = ['admin', 'analytics'] as const;

/** The filter as the query string (its own keys, so the typed calls check them; unset ids left out). */
function queryOf(filter: ErpFilter): Partial<Record<keyof ErpFilter, string>> {
  const query: Partial<Record<keyof ErpFilter, string>> = { from: filter.from, to: filter.to };
  if (filter.ownerId !== null) query.ownerId = String(filter.ownerId);
  if (filter.projectId !== null) query.projectId = String(filter.projectId);
  if (filter.employeeId !== null) query.employeeId = String(filter.employeeId);
  return query;
}

/** `GET /api/admin/analytics/{page}`: one ERP view's figures for the filter. */
export function useErpReport<P extends ErpPage>(page: P, filter: ErpFilter) {
  return useQuery({
    queryKey: [...key, page, queryOf(filter)],
    queryFn: ({ signal }) =>
      // The route answers each page's own report; the compiler sees the union of the three.
      apiRequest('GET', `/api/admin/analytics/${page as ErpPage}`, {
        query: queryOf(filter),
        signal,
      }) as Promise<ErpReports[P]>,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/analytics/filters`: the owners, projects and people the asker may pick. */
export function useErpFilterOptions() {
  return useQuery({
    queryKey: [...key, 'filters'],
    queryFn: ({ signal }) => apiRequest('GET', '/api/admin/analytics/filters', { signal }),
  });
}

/** The view's .xlsx, same filters (erp-time-2026-09-2026-11.xlsx). */
export function exportErpReport(page: ErpPage, filter: ErpFilter): Promise<string> {
  return downloadFile(
    `/api/admin/analytics/${page}/export`,
    erpExportFileName(page, filter),
    queryOf(filter),
  );
}
