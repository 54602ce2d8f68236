import { ApiError } from './api';

/**
 * The plain sentence for a failed load: it says what could not be loaded and what to do, never
 * the server's own text (which may be a stack trace, an SQL message or 'boom').
 */
export function loadFailureMessage(error: unknown, what: string): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return `Your session has ended. Sign in again to see your ${what}.`;
    if (error.status === 403) return `You do not have access to these ${what}.`;
    if (error.status === 404) return `These ${what} were not found. They may have been removed.`;
    if (error.status === 0)
      return `The portal could not be reached, so your ${what} could not be loaded. Check your connection and try again.`;
  }
  return `Your ${what} could not be loaded. Try again; if it keeps failing, tell the portal team.`;
}
