import type { FactoryProvider } from '@nestjs/common';
import type { PortalConfig } from '../config/config';
import { PORTAL_CONFIG } from '../config/config.provider';
import type { DatabaseHandle } from '../database/database';
import { DATABASE_HANDLE } from '../database/database.provider';
import { countAppends } from '../observability/event-store-metrics';
import { activeTraceparent, inSpan } from '../telemetry/tracing';
import { EventStore } from './event-store.port';
import { PostgresEventStore } from './postgres-event-store';

/**
 * EventStoreDB when EVENTSTORE_URL is set; otherwise the `events` table of the portal's database
 * (woken by NOTIFY on PostgreSQL and on the embedded PGlite alike). The EventStoreDB adapter (and
 * its client and gRPC) is loaded only when it is configured (decision 0243).
 */
export async function createEventStore(config: PortalConfig, handle: DatabaseHandle): Promise<EventStore> {
  if (config.eventStoreUrl) {
    const { EventStoreDbEventStore } = await import('./eventstoredb-event-store');
    return new EventStoreDbEventStore(config.eventStoreUrl);
  }
  return new PostgresEventStore(handle.db, { notifications: handle.notifications });
}

/**
 * `EventStore` for injection everywhere. Nest calls `onApplicationShutdown` on provider instances
 * that have it, so the store closes (subscriptions stopped, connections ended) before the database
 * handle does.
 */
export const eventStoreProvider: FactoryProvider<EventStore> = {
  provide: EventStore,
  useFactory: async (config: PortalConfig, handle: DatabaseHandle) => {
    // Counted (portal_events_appended_total) inside the span.
    const store = countAppends(await createEventStore(config, handle));
    // Each append is a span of the command's trace, whichever store is configured, and its events
    // carry that span on (metadata.traceparent) to the projections and reactors that read them.
    const append = store.append.bind(store);
    store.append = (streamId, events, expected) =>
      inSpan(
        `append ${streamId.split('-')[0]}`,
        { attributes: { 'portal.stream': streamId, 'portal.events': events.length } },
        () => {
          const traceparent = activeTraceparent();
          const traced = traceparent
            ? events.map((event) => ({ ...event, metadata: { ...event.metadata, traceparent } }))
            : events;
          return append(streamId, traced, expected);
        },
      );
    return Object.assign(store, { onApplicationShutdown: () => store.close() });
  },
  inject: [PORTAL_CONFIG, DATABASE_HANDLE],
};
