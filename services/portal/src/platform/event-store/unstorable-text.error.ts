import type { NewEvent } from './event-store.port';

/**
 * An append held text the log cannot store: a NUL character or a lone UTF-16 surrogate, which
 * PostgreSQL's jsonb refuses. Request parsing refuses such text first (the contracts' free-text
 * rule, platform/http/validation.ts); this is the last line, so that text from anywhere else (a
 * file, a header, a key) is a refusal that names where it was (400), never a failed insert (500).
 * Nothing of the append is stored.
 */
export class UnstorableTextError extends Error {
  constructor(
    readonly streamId: string,
    /** Where in the event the text was: `data.comment`, `metadata.actor.name`, ... */
    readonly path: string,
  ) {
    super(`Append to ${streamId} holds text that cannot be stored (NUL or a lone surrogate) at ${path}`);
    this.name = 'UnstorableTextError';
  }
}

// eslint-disable-next-line no-control-regex -- NUL is what PostgreSQL refuses
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_DEPTH = 64;

/** The dotted path of the first string (value or key) the log cannot store, or null. */
function unstorableAt(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, child] of Object.entries(value)) {
    const at = `${path}.${key}`;
    if (UNSTORABLE.test(key)) return at;
    const found = unstorableAt(child, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Throws UnstorableTextError when any event's data or metadata holds text the log cannot store. */
export function assertStorableText(streamId: string, events: readonly NewEvent[]): void {
  for (const event of events) {
    const at = unstorableAt(event.data, 'data', 0) ?? unstorableAt(event.metadata, 'metadata', 0) ?? null;
    if (at !== null) throw new UnstorableTextError(streamId, at);
  }
}
