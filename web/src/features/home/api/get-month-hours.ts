import { queryOptions, useQuery } from '@tanstack/react-query';
import { endOfMonth, startOfMonth } from '@portal/contracts';
import { apiRequest } from '../../../lib/api';

/** This month's totals from `GET /api/timesheets` (the rows are not needed here). */
export function monthHoursQuery(today: string) {
  const start = startOfMonth(today);
  const end = endOfMonth(today);
  return queryOptions({
    // Under 'timesheets' so that saving a timesheet refreshes the dashboard too.
    queryKey: ['timesheets', 'month-total', start, end],
    queryFn: ({ signal }) => apiRequest('GET', '/api/timesheets', { query: { start, end }, signal }),
    select: (list) => list.totals,
  });
}

export function useMonthHours(today: string) {
  return useQuery(monthHoursQuery(today));
}
