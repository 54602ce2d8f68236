/**
 * The query key of the dashboard's month at a glance (`GET /api/me/month`, read by the home
 * feature). Under 'timesheets' so that saving time refreshes it; other features that change what
 * it shows (the code of conduct) invalidate it by this key.
 */
export const myMonthKey = ['timesheets', 'me-month'] as const;
