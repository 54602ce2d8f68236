import type { EventStore, ExpectedRevision } from '../platform/event-store/event-store.port';
import type { BenchDataset, BenchPerson, SetupAppend } from './dataset';

export interface AppendTotals {
  readonly events: number;
  readonly appends: number;
  readonly streams: number;
}

/** Setup streams one append after the other, each at the exact revision it expects. */
export async function appendSetup(store: EventStore, appends: readonly SetupAppend[]): Promise<AppendTotals> {
  const revisions = new Map<string, bigint>();
  let events = 0;
  for (const { streamId, events: batch } of appends) {
    const known = revisions.get(streamId);
    const result = await store.append(streamId, batch, known === undefined ? 'no_stream' : known);
    revisions.set(streamId, result.nextExpectedRevision);
    events += batch.length;
  }
  return { events, appends: appends.length, streams: revisions.size };
}

/** Produces every ledger's batches without appending: the dataset's size, and what generating costs. */
export function countLedgers(dataset: BenchDataset): AppendTotals {
  let events = 0;
  let appends = 0;
  const ledgers = dataset.ledgers();
  for (const { person, month } of ledgers) {
    for (const batch of dataset.ledgerBatches(person, month)) {
      events += dataset.toEvents(batch).length;
      appends += 1;
    }
  }
  return { events, appends, streams: ledgers.length };
}

/**
 * `appenders` concurrent writers take ledgers (person, month) from one queue; each appends its
 * ledger's weeks in order, at the exact revision, as SubmitTimesheet commands would.
 */
export async function appendLedgers(
  store: EventStore,
  dataset: BenchDataset,
  appenders: number,
  onLedgerDone?: (done: number, total: number) => void,
): Promise<AppendTotals> {
  const ledgers = dataset.ledgers();
  let next = 0;
  let done = 0;
  let events = 0;
  let appends = 0;

  const appendLedger = async (person: BenchPerson, month: string) => {
    let expected: ExpectedRevision = 'no_stream';
    for (const batch of dataset.ledgerBatches(person, month)) {
      const toAppend = dataset.toEvents(batch);
      const result = await store.append(batch.streamId, toAppend, expected);
      expected = result.nextExpectedRevision;
      events += toAppend.length;
      appends += 1;
    }
    const expenses = dataset.expenseBatch(person, month);
    if (expenses) {
      await store.append(expenses.streamId, expenses.events, expected);
      events += expenses.events.length;
      appends += 1;
    }
  };

  const worker = async () => {
    while (next < ledgers.length) {
      const { person, month } = ledgers[next++];
      await appendLedger(person, month);
      onLedgerDone?.(++done, ledgers.length);
    }
  };
  await Promise.all(Array.from({ length: appenders }, worker));
  return { events, appends, streams: ledgers.length };
}
