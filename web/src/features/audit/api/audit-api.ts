import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { instantOfWallClock, type AuditExportFormat } from '@portal/contracts';
import { apiRequest } from '../../../lib/api';
import { currentBusinessTimeZone } from '../../../lib/business-day';
import { downloadFile } from '../../../lib/downloads';

/** The filters as the page sends them (empty text = not filtered). */
export interface AuditSearch {
  readonly person: string;
  readonly entityKind: string;
  readonly entityId: string;
  readonly actor: string;
  readonly type: string;
  readonly from: string;
  readonly to: string;
}

export const NO_FILTERS: AuditSearch = {
  person: '',
  entityKind: '',
  entityId: '',
  actor: '',
  type: '',
  from: '',
  to: '',
};

export const AUDIT_PAGE_SIZE = 25;

/**
 * The filters as the API takes them: From and To are typed on the owner's wall clock (the zone the
 * results are shown in) and sent as the instants they name there. Other text goes as typed, so the
 * server's message about it is the one shown.
 */
function queryOf(search: AuditSearch): AuditSearch {
  const instant = (text: string) => instantOfWallClock(text.trim(), currentBusinessTimeZone()) ?? text;
  return { ...search, from: instant(search.from), to: instant(search.to) };
}

/** GET /api/audit/filters: the people (by name) and event types the filters offer. */
export function useAuditFilters() {
  return useQuery({
    queryKey: ['audit', 'filters'],
    queryFn: ({ signal }) => apiRequest('GET', '/api/audit/filters', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useAuditSearch(search: AuditSearch, page: number) {
  return useQuery({
    queryKey: ['audit', 'events', search, page],
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/audit/events', {
        query: { ...queryOf(search), page, pageSize: AUDIT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/audit/export: the whole search as a file, saved under the server's name. */
export function exportAudit(search: AuditSearch, format: AuditExportFormat): Promise<string> {
  return downloadFile('/api/audit/export', `Audit.${format}`, { ...queryOf(search), format });
}
