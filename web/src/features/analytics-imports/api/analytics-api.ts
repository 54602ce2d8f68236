import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { downloadFile } from '../../../lib/downloads';
import { uploadWithProgress } from '../../../lib/upload-with-progress';

const analyticsKey = ['admin', 'analytics'] as const;

export interface AzureFilters {
  readonly from: string | null;
  readonly to: string | null;
  readonly service: string | null;
}

export const azureCostQuery = (filters: AzureFilters) =>
  queryOptions({
    queryKey: [...analyticsKey, 'azure', filters],
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/admin/analytics/azure-cost', {
        query: { ...filters },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const office365Query = (importId: string | null) =>
  queryOptions({
    queryKey: [...analyticsKey, 'office365', importId],
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/admin/analytics/office365', {
        query: { import: importId },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export interface MatrixFilters {
  readonly skill: string | null;
  readonly minLevel: string | null;
  readonly owner: string | null;
  readonly person: string | null;
}

export const skillsMatrixQuery = (filters: MatrixFilters) =>
  queryOptions({
    queryKey: ['admin', 'skills-matrix', filters],
    queryFn: ({ signal }) => apiRequest('GET', '/api/admin/skills-matrix', { query: { ...filters }, signal }),
    placeholderData: keepPreviousData,
  });

export const useAzureCost = (filters: AzureFilters) => useQuery(azureCostQuery(filters));
export const useOffice365 = (importId: string | null) => useQuery(office365Query(importId));
export const useSkillsMatrix = (filters: MatrixFilters) => useQuery(skillsMatrixQuery(filters));

export type ImportKind = 'azure-cost' | 'office365';

/** Uploads a vendor export; progress 0-100 as it is sent; the figures reload once it is recorded. */
export function useImportCsv(kind: ImportKind, onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadWithProgress(`/api/admin/analytics/${kind}/imports`, file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKey }),
  });
}

export const exportAzureCost = (filters: AzureFilters) =>
  downloadFile('/api/admin/analytics/azure-cost/export', 'AzureCost.xlsx', { ...filters });
export const exportOffice365 = (importId: string | null) =>
  downloadFile('/api/admin/analytics/office365/export', 'Office365.xlsx', { import: importId });
export const exportSkillsMatrix = (filters: MatrixFilters) =>
  downloadFile('/api/admin/skills-matrix/export', 'SkillsMatrix.xlsx', { ...filters });
