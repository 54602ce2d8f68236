import { EventIdConflictError } from './event-id-conflict.error';
import type { NewEvent } from './event-store.port';
import { assertStorableText } from './unstorable-text.error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What every event store checks before it writes anything of an append, whatever its storage: at
 * least one event, each id a UUID (both stores key events by it), no text the log cannot store
 * (UnstorableTextError) and no id twice in the same append (EventIdConflictError).
 */
export function assertAppendable(streamId: string, events: readonly NewEvent[]): void {
  if (events.length === 0) throw new RangeError(`Append to ${streamId} needs at least one event`);
  for (const event of events) {
    if (!UUID.test(event.id)) throw new TypeError(`Event id ${event.id} is not a UUID`);
  }
  assertStorableText(streamId, events);
  if (new Set(events.map((e) => e.id.toLowerCase())).size !== events.length) {
    throw new EventIdConflictError(
      streamId,
      events.map((e) => e.id),
    );
  }
}
