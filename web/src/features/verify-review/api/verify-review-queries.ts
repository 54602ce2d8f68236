import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceProfile, LatestEntryDate } from '@portal/contracts';
import { apiRequest } from '../../../lib/api';
import { checkLedgerLock } from '../../../lib/ledger-lock';

/**
 * `GET /api/timesheets/latest-date`: the periods offered count back from it. Under the timesheets
 * key, so a saved, changed or deleted entry asks again.
 */
export const latestEntryDateQuery = queryOptions({
  queryKey: ['timesheets', 'latest-date'],
  queryFn: ({ signal }) => apiRequest<LatestEntryDate>('GET', '/api/timesheets/latest-date', { signal }),
});

export function useLatestEntryDate() {
  return useQuery(latestEntryDateQuery);
}

/** `GET /api/staff/me/invoice-profile`: who the verification invoice is from. */
export const invoiceProfileQuery = queryOptions({
  queryKey: ['staff', 'me', 'invoice-profile'],
  queryFn: ({ signal }) => apiRequest<InvoiceProfile>('GET', '/api/staff/me/invoice-profile', { signal }),
  staleTime: 5 * 60_000,
});

export function useInvoiceProfile(enabled: boolean) {
  return useQuery({ ...invoiceProfileQuery, enabled });
}

export const ledgerLockKey = ['ledger-lock'] as const;

/** Which kinds of the project and month are verified already (the lock check); idle until both are chosen. */
export function useLedgerLock(employeeId: number, month: string | null, projectId: number | null) {
  return useQuery({
    queryKey: [...ledgerLockKey, employeeId, month, projectId],
    queryFn: () => checkLedgerLock(employeeId, month!, projectId!),
    enabled: month !== null && projectId !== null,
  });
}
