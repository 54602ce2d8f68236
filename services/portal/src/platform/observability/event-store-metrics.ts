import type { EventStore } from '../event-store/event-store.port';
import { eventsAppendedTotal } from './metrics';

/**
 * Counts what the store appends (`portal_events_appended_total`, by event type), whichever adapter
 * it is: the store's own `append` is wrapped, so both adapters are counted alike and neither knows
 * of metrics. An append that answers an earlier identical one (a retried command) counts again.
 */
export function countAppends<S extends EventStore>(store: S): S {
  const append = store.append.bind(store);
  store.append = async (streamId, events, expected) => {
    const result = await append(streamId, events, expected);
    for (const event of events) eventsAppendedTotal.inc({ type: event.type });
    return result;
  };
  return store;
}
