import { describeEventStoreContract } from './event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

/**
 * The EventStoreDB adapter runs the same contract as the PostgreSQL one, against the server named
 * by EVENTSTORE_URL (deploy/ starts one), e.g. `esdb://127.0.0.1:2113?tls=false`. Without it the
 * suite is reported as skipped, by name, so nobody mistakes it for a pass.
 */
const eventStoreUrl = process.env.EVENTSTORE_URL;
const describeWithServer = eventStoreUrl ? describe : describe.skip;

describeWithServer('EventStoreDB adapter contract (skipped: set EVENTSTORE_URL to run)', () => {
  describeEventStoreContract('EventStoreDB', async () => {
    const store = new EventStoreDbEventStore(eventStoreUrl as string);
    return { store, dispose: () => store.close() };
  });
});
