/**
 * Reading a failed call to another service (fetch's errors) for a log line. Errors may come from
 * another realm (undici's fetch), so they are read by shape, not instanceof.
 */
export function errorField(error: unknown, field: 'name' | 'message' | 'code'): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const value = (error as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

/** 'fetch failed (ECONNREFUSED)': the error's message and its cause's code or message. */
export function describeError(error: unknown): string {
  const message = errorField(error, 'message') ?? String(error);
  const cause =
    typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : undefined;
  const why = errorField(cause, 'code') ?? errorField(cause, 'message');
  return why ? `${message} (${why})` : message;
}
