import type { PortalConfig } from '../config/config';
import type { Database, DatabaseHandle } from '../database/database';
import { EventStore } from './event-store.port';
import { createEventStore, eventStoreProvider } from './event-store.provider';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { PostgresEventStore } from './postgres-event-store';

// Neither store touches the database or the server until it is used.
const handle: DatabaseHandle = {
  db: {} as Database,
  kind: 'pglite',
  url: undefined,
  close: async () => undefined,
};
const config = (eventStoreUrl: string | undefined) => ({ eventStoreUrl }) as PortalConfig;

describe('createEventStore', () => {
  it('uses the events table of the portal database when no EventStoreDB is configured', async () => {
    const store = await createEventStore(config(undefined), handle);
    expect(store).toBeInstanceOf(PostgresEventStore);
    await store.close();
  });

  it('uses EventStoreDB when EVENTSTORE_URL is configured', async () => {
    const store = await createEventStore(config('esdb://127.0.0.1:2113?tls=false'), handle);
    expect(store).toBeInstanceOf(EventStoreDbEventStore);
    await store.close();
  });

  it('provides the EventStore token and closes the store on application shutdown', async () => {
    expect(eventStoreProvider.provide).toBe(EventStore);
    const store = (await eventStoreProvider.useFactory(config(undefined), handle)) as EventStore & {
      onApplicationShutdown(): Promise<void>;
    };
    const subscription = store.subscribeToAll({ after: null, onEvent: async () => undefined });
    const stopped = jest.spyOn(subscription, 'stop');
    await store.onApplicationShutdown();
    expect(stopped).toHaveBeenCalled();
    expect(() => store.subscribeToAll({ after: null, onEvent: async () => undefined })).toThrow(
      'The event store is closed',
    );
  });
});
