import type { FactoryProvider } from '@nestjs/common';
import type { PortalConfig } from '../config/config';
import { PORTAL_CONFIG } from '../config/config.provider';
import type { DatabaseHandle } from '../database/database';
import { DATABASE_HANDLE } from '../database/database.provider';
import { countAppends } from '../observability/event-store-metrics';
import { EventStore } from './event-store.port';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { PostgresEventStore } from './postgres-event-store';

/**
 * EventStoreDB when EVENTSTORE_URL is set; otherwise the `events` table of the portal's database
 * (woken by NOTIFY on PostgreSQL and on the embedded PGlite alike).
 */
export function createEventStore(config: PortalConfig, handle: DatabaseHandle): EventStore {
  if (config.eventStoreUrl) return new EventStoreDbEventStore(config.eventStoreUrl);
  return new PostgresEventStore(handle.db, { notifications: handle.notifications });
}

/**
 * `EventStore` for injection everywhere. Nest calls `onApplicationShutdown` on provider instances
 * that have it, so the store closes (subscriptions stopped, connections ended) before the database
 * handle does.
 */
export const eventStoreProvider: FactoryProvider<EventStore> = {
  provide: EventStore,
  useFactory: (config: PortalConfig, handle: DatabaseHandle) => {
    const store = countAppends(createEventStore(config, handle));
    return Object.assign(store, { onApplicationShutdown: () => store.close() });
  },
  inject: [PORTAL_CONFIG, DATABASE_HANDLE],
};
