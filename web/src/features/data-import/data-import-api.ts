import { useMutation, useQuery } from '@tanstack/react-query';
import type { DataImportKind, DataImportStatus } from '@portal/contracts';
import { apiRequest } from '../../lib/api';
import { downloadFile } from '../../lib/downloads';
import { uploadWithProgress } from '../../lib/upload-with-progress';

/** The projects hours can be planned on (the planned-hours import asks which). */
export const usePlanningProjects = (enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'planned-hours', 'projects'],
    queryFn: ({ signal }) => apiRequest('GET', '/api/admin/planned-hours/projects', { signal }),
    enabled,
  });

/** The upload and its dry run; progress 0–100 as the file is sent. */
export function useCheckImport(onProgress: (percent: number) => void) {
  return useMutation({
    mutationFn: ({ file, kind, projectId }: { file: File; kind: DataImportKind; projectId: number | null }) =>
      uploadWithProgress('/api/admin/imports', file, onProgress, { kind, projectId }),
  });
}

export function useApplyImport() {
  return useMutation({
    mutationFn: (importId: string) => apiRequest('POST', `/api/admin/imports/${importId}/apply`),
  });
}

/** The import's status, read every half second while it is being applied. */
export function useImportStatus(importId: string | null, watching: boolean) {
  return useQuery({
    queryKey: ['admin', 'imports', importId],
    queryFn: ({ signal }) => apiRequest('GET', `/api/admin/imports/${importId!}`, { signal }),
    enabled: importId !== null && watching,
    refetchInterval: (query) => {
      const state = (query.state.data as DataImportStatus | undefined)?.state;
      return state === 'applied' || state === 'failed' ? false : 500;
    },
  });
}

export const downloadTemplate = (kind: DataImportKind) =>
  downloadFile(`/api/admin/imports/templates/${kind}`, `${kind}-import-template.xlsx`);
