import { queryOptions, useQuery } from '@tanstack/react-query';
import { leaveMessages } from '@portal/contracts';
import { apiRequest } from './api';

/** Every leave query's key starts here, so a saved leave also reloads the timesheet calendar's marks. */
export const leaveKey = ['leave'] as const;

/** `GET /api/leave/days`: the signed-in person's leave days in a period (their timesheet calendar marks them). */
export function leaveDaysQuery(start: string, end: string) {
  return queryOptions({
    queryKey: [...leaveKey, 'days', start, end],
    queryFn: ({ signal }) => apiRequest('GET', '/api/leave/days', { query: { start, end }, signal }),
  });
}

/**
 * The person's leave days in the period as calendar marks ('YYYY-MM-DD' -> 'On leave (Vacation)');
 * empty while loading or when the call fails (the calendar works without them).
 */
export function useLeaveMarks(start: string, end: string): ReadonlyMap<string, string> {
  const days = useQuery(leaveDaysQuery(start, end));
  return new Map((days.data ?? []).map((d) => [d.date, leaveMessages.onLeave(d.leaveType)]));
}
