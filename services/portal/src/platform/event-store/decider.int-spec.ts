// Fixed dates: a command context with its own now.
import { createTestDatabase, type TestDatabase } from '../../../test/services';
import type { CommandContext } from './command-context';
import { runCommand, type Decider, type DomainEvent } from './decider';
import { PostgresEventStore } from './postgres-event-store';

type Noted = DomainEvent<'Noted', { text: string }>;
const notes: Decider<string[], { text: string }, Noted> = {
  initialState: () => [],
  evolve: (state, event) => [...state, event.data.text],
  decide: (command) => [{ type: 'Noted', data: { text: command.text } }],
};

function context(commandId: string): CommandContext {
  return {
    actor: { id: '3', name: 'Alan Turing' },
    commandId,
    correlationId: commandId,
    causationId: null,
    now: new Date('2025-05-05T12:00:00.000Z'),
  };
}

describe('runCommand on the PostgreSQL event store', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database.db);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('appends nothing twice when the same command id is run again, and answers as the first time', async () => {
    const first = await runCommand(store, 'notes-1', notes, { text: 'hello' }, context('key-1'));
    const retry = await runCommand(store, 'notes-1', notes, { text: 'hello' }, context('key-1'));

    expect(retry.position).toEqual(first.position);
    expect(retry.revision).toBe(0n);
    expect(retry.state).toEqual(['hello']);
    expect((await store.readStream('notes-1')).map((e) => e.data)).toEqual([{ text: 'hello' }]);
  });

  it('lets concurrent commands on one stream all land through the reload-and-retry', async () => {
    const writers = [new PostgresEventStore(database.db), new PostgresEventStore(database.db)];
    const outcomes = await Promise.all(
      writers.map((w, i) => runCommand(w, 'notes-2', notes, { text: `note ${i}` }, context(`key-2-${i}`))),
    );

    const stored = await store.readStream('notes-2');
    expect(stored.map((e) => e.revision)).toEqual([0n, 1n]);
    expect(stored.map((e) => (e.data as { text: string }).text).sort()).toEqual(['note 0', 'note 1']);
    expect(outcomes.map((o) => o.revision).sort()).toEqual([0n, 1n]);
    expect(stored.map((e) => e.metadata.actor)).toEqual([
      { id: '3', name: 'Alan Turing' },
      { id: '3', name: 'Alan Turing' },
    ]);
  });
});
