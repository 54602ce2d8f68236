import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import {
  monthSpansOf,
  verifiedKindsOf,
  type BillingCycle,
  type ProjectOption,
  type VerificationPeriod,
} from '@portal/contracts';
import { apiRequest } from '../../../lib/api';
import { checkLedgerLock } from '../../../lib/ledger-lock';

/**
 * `GET /api/timesheets/latest-date`: the periods offered count back from it. Under the timesheets
 * key, so a saved, changed or deleted entry asks again.
 */
export const latestEntryDateQuery = queryOptions({
  queryKey: ['timesheets', 'latest-date'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/timesheets/latest-date', { signal }),
});

export function useLatestEntryDate() {
  return useQuery(latestEntryDateQuery);
}

/** `GET /api/staff/me/invoice-profile`: who the verification invoice is from. */
export const invoiceProfileQuery = queryOptions({
  queryKey: ['staff', 'me', 'invoice-profile'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/staff/me/invoice-profile', { signal }),
  staleTime: 5 * 60_000,
});

export function useInvoiceProfile(enabled: boolean) {
  return useQuery({ ...invoiceProfileQuery, enabled });
}

/**
 * The chosen project's billing cycle: from the person's billable projects, or (a project no longer
 * on their roster, e.g. from a link) `GET /api/projects/:id`. Null when it cannot be known (an
 * unknown project): the page then offers calendar months, and the server refuses to verify it.
 */
export function useProjectCycle(
  projectId: number | null,
  projects: { readonly data?: readonly ProjectOption[]; readonly isPending: boolean },
): { cycle: BillingCycle | null; isPending: boolean } {
  const listed = projectId === null ? undefined : projects.data?.find((p) => p.projectId === projectId);
  const detail = useQuery({
    queryKey: ['projects', 'detail', projectId],
    queryFn: ({ signal }) => apiRequest('GET', `/api/projects/${projectId}`, { signal }),
    enabled: projectId !== null && projects.data !== undefined && listed === undefined,
    staleTime: 5 * 60_000,
  });
  const cycle = listed?.billingCycle ?? detail.data?.billingCycle ?? null;
  return {
    cycle,
    isPending: projectId !== null && cycle === null && (projects.isPending || detail.isLoading),
  };
}

export const ledgerLockKey = ['ledger-lock'] as const;

/**
 * Which kinds of the project are verified for the whole period: the lock check of each month the
 * period touches (one, or two for a 26-to-25 period), whose spans must cover every day of it.
 * Idle until a project and a period are chosen.
 */
export function usePeriodLock(
  employeeId: number,
  period: VerificationPeriod | null,
  projectId: number | null,
) {
  const months = period ? monthSpansOf(period) : [];
  const checks = useQueries({
    queries: months.map(({ month }) => ({
      queryKey: [...ledgerLockKey, employeeId, month, projectId],
      queryFn: () => checkLedgerLock(employeeId, month, projectId!),
      enabled: projectId !== null,
    })),
  });
  return {
    verifiedKinds:
      period && projectId !== null
        ? verifiedKindsOf(
            period,
            checks.map((c) => c.data),
          )
        : [],
    isPending: checks.some((check) => check.isPending && projectId !== null),
  };
}
