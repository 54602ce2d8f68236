/**
 * Apart from self-service.ts (whose request schemas need zod): the home dashboard shows the
 * acknowledgement without loading any form code (docs/decisions/0294-route-budgets-and-chunks.md).
 */

/** 'November 26, 2026 at 2:05:09 PM UTC': the spec's long en-US format with the time zone. */
export function formatAcknowledgedAt(instant: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeStyle: 'long',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(instant));
}
