import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { erpFilterSchema, startOfMonthOffset, type ErpFilter } from '@portal/contracts';
import { businessToday } from '../../lib/business-day';

/** The default view: the last three months up to this one. */
export function defaultRange(today: string): { from: string; to: string } {
  return { from: startOfMonthOffset(today, -2).slice(0, 7), to: today.slice(0, 7) };
}

/**
 * The view's filter lives in the URL (?from=&to=&ownerId=&projectId=&employeeId=) so a view can be
 * shared. A URL the server would refuse (a bad month, a reversed range) falls back to the default
 * months, keeping the rest.
 */
export function useErpFilter(): {
  readonly filter: ErpFilter;
  readonly setFilter: (change: Partial<ErpFilter>) => void;
  readonly reset: () => void;
} {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => {
    const raw = Object.fromEntries(params);
    const parsed = erpFilterSchema.safeParse({ ...defaultRange(businessToday()), ...raw });
    if (parsed.success) return parsed.data;
    return erpFilterSchema.parse({ ...defaultRange(businessToday()) });
  }, [params]);
  const setFilter = useCallback(
    (change: Partial<ErpFilter>) => {
      const next: ErpFilter = { ...filter, ...change };
      const query: Record<string, string> = { from: next.from, to: next.to };
      for (const name of ['ownerId', 'projectId', 'employeeId'] as const)
        if (next[name] !== null) query[name] = String(next[name]);
      setParams(query, { replace: false });
    },
    [filter, setParams],
  );
  const reset = useCallback(() => setParams({}), [setParams]);
  return { filter, setFilter, reset };
}
