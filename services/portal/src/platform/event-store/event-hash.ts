import { createHash } from 'node:crypto';

/** What an event's hash covers: its place in its stream, its content and its predecessor's hash. */
export interface HashedEventContent {
  readonly streamId: string;
  readonly revision: bigint;
  readonly eventId: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: unknown;
  /** The hash of the stream's previous event; null for a stream's first event (revision 0). */
  readonly previousHash: string | null;
}

/**
 * JSON with object keys sorted at every depth and no spaces: the same text for the same value,
 * whatever order the keys were written in (jsonb stores them in its own order). Values are read
 * as JSON gives them back (undefined members dropped, as the log stores them).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    return text === undefined ? 'null' : text;
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${members.join(',')}}`;
}

/**
 * The event's hash: hex sha256 of the canonical JSON of its stream, revision, id (lower case),
 * type, data, metadata and previous hash. Changing any of them, or the link, changes the hash.
 */
export function eventHash(event: HashedEventContent): string {
  const content = canonicalJson({
    streamId: event.streamId,
    revision: event.revision.toString(),
    eventId: event.eventId.toLowerCase(),
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    previousHash: event.previousHash,
  });
  return createHash('sha256').update(content, 'utf8').digest('hex');
}
