import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api';
import type {
  ReceiptsDownloadBody,
  ReceiptsDownloadStarted,
  ReceiptsDownloadStatus,
} from '@portal/contracts';
import { downloadFile } from './downloads';

/** `POST /api/expenses/downloads`: starts the job that zips a month's receipts of one project. */
export function startReceiptsDownload(request: ReceiptsDownloadBody): Promise<ReceiptsDownloadStarted> {
  return apiRequest('POST', '/api/expenses/downloads', { body: request });
}

export function isFinished(job: ReceiptsDownloadStatus | undefined): boolean {
  return job?.state === 'completed' || job?.state === 'failed';
}

/** `GET /api/expenses/downloads/:jobId`, asked every 700 ms until the job has finished or cannot be asked. */
export function useReceiptsDownloadJob(jobId: string | null) {
  return useQuery({
    queryKey: ['expenses', 'downloads', jobId],
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/expenses/downloads/${encodeURIComponent(jobId ?? '')}`, {
        signal,
      }),
    enabled: jobId !== null,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) =>
      query.state.status === 'error' || isFinished(query.state.data) ? false : 700,
  });
}

/** `GET /api/expenses/downloads/:jobId/file`: the zip, saved under the job's file name. */
export function saveReceiptsZip(jobId: string, fileName: string | undefined): Promise<string> {
  return downloadFile(
    `/api/expenses/downloads/${encodeURIComponent(jobId)}/file`,
    fileName ?? 'expenses.zip',
  );
}

export interface ExportRange {
  readonly start: string;
  readonly end: string;
  readonly projectId: number | null;
  /** An admin exporting someone else's expenses; absent: one's own. */
  readonly employeeId?: number;
}

export function exportFileName(range: ExportRange): string {
  return `Expenses-${range.start}-${range.end}.xlsx`;
}

/** `GET /api/expenses/export`: the range as a spreadsheet, `Expenses-{start}-{end}.xlsx`. */
export function exportExpenses(range: ExportRange): Promise<string> {
  return downloadFile('/api/expenses/export', exportFileName(range), {
    start: range.start,
    end: range.end,
    projectId: range.projectId,
    employeeId: range.employeeId,
  });
}
