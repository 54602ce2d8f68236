import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import type {
  ReceiptsDownloadBody,
  ReceiptsDownloadStarted,
  ReceiptsDownloadStatus,
} from '@portal/contracts';
import { downloadFile } from './transfer';

/** `POST /api/expenses/downloads`: starts the job that zips a month's receipts of one project. */
export function startReceiptsDownload(request: ReceiptsDownloadBody): Promise<ReceiptsDownloadStarted> {
  return apiRequest<ReceiptsDownloadStarted>('POST', '/api/expenses/downloads', { body: request });
}

export function isFinished(job: ReceiptsDownloadStatus | undefined): boolean {
  return job?.state === 'completed' || job?.state === 'failed';
}

/** `GET /api/expenses/downloads/:jobId`, asked every 700 ms until the job has finished or cannot be asked. */
export function useReceiptsDownloadJob(jobId: string | null) {
  return useQuery({
    queryKey: ['expenses', 'downloads', jobId],
    queryFn: ({ signal }) =>
      apiRequest<ReceiptsDownloadStatus>(
        'GET',
        `/api/expenses/downloads/${encodeURIComponent(jobId ?? '')}`,
        {
          signal,
        },
      ),
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
