// Fixed dates: command contexts with their own now.
import { DomainError } from '../../kernel/domain-error';
import { DecisionLog, deriveEventId, type CommandContext } from './command-context';
import {
  CONCURRENT_CHANGE_MESSAGE,
  MAX_DECISION_ATTEMPTS,
  loadState,
  runCommand,
  type Decider,
  type DomainEvent,
} from './decider';
import {
  EventStore,
  WrongExpectedRevisionError,
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from './event-store.port';

/** A minimal in-memory EventStore: exact revisions, a global log, and a hook to simulate a rival writer. */
class InMemoryEventStore extends EventStore {
  readonly log: RecordedEvent[] = [];
  appendCalls: { streamId: string; events: readonly NewEvent[]; expected: ExpectedRevision }[] = [];
  /** Runs before each append is checked: lets a test append "someone else's" event first. */
  beforeAppend: ((streamId: string) => void) | null = null;

  private stream(streamId: string) {
    return this.log.filter((e) => e.streamId === streamId);
  }

  insert(streamId: string, events: readonly NewEvent[]): AppendResult {
    const current = this.stream(streamId).length;
    for (const [i, e] of events.entries()) {
      this.log.push({
        ...e,
        streamId,
        revision: BigInt(current + i),
        position: { commit: BigInt(this.log.length + 1), prepare: BigInt(this.log.length + 1) },
        recordedAt: '2025-01-01T00:00:00.000Z',
      });
    }
    const last = this.log[this.log.length - 1];
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  override async append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision) {
    this.appendCalls.push({ streamId, events, expected });
    const hook = this.beforeAppend;
    hook?.(streamId);
    const stored = this.log.filter((e) => events.some((n) => n.id === e.id));
    if (stored.length === events.length) {
      const last = stored[stored.length - 1];
      return { nextExpectedRevision: last.revision, position: last.position };
    }
    const length = this.stream(streamId).length;
    const actual = length === 0 ? 'no_stream' : BigInt(length - 1);
    if (expected !== 'any' && expected !== actual) {
      throw new WrongExpectedRevisionError(streamId, expected, actual);
    }
    return this.insert(streamId, events);
  }
  override async readStream(streamId: string, fromRevision = 0n) {
    return this.stream(streamId).filter((e) => e.revision >= fromRevision);
  }
  override async readAll(): Promise<never> {
    throw new Error('not used by runCommand');
  }
  override async headPosition(): Promise<never> {
    throw new Error('not used by runCommand');
  }
  override subscribeToAll(): never {
    throw new Error('not used by runCommand');
  }
  override async close() {}
}

type HoursLogged = DomainEvent<'HoursLogged', { entryId: string; hours: number }>;
type LedgerEvent = HoursLogged;
interface Ledger {
  entryIds: string[];
  total: number;
}
type LedgerCommand = { kind: 'log'; entryId: string; hours: number } | { kind: 'nothing' };

const ledger: Decider<Ledger, LedgerCommand, LedgerEvent> = {
  initialState: () => ({ entryIds: [], total: 0 }),
  evolve: (state, event) => ({
    entryIds: [...state.entryIds, event.data.entryId],
    total: state.total + event.data.hours,
  }),
  decide: (command, state) => {
    if (command.kind === 'nothing') return [];
    if (state.entryIds.includes(command.entryId)) {
      throw DomainError.validation([{ path: 'entryId', message: 'This entry is already logged.' }]);
    }
    if (state.total + command.hours > 10) {
      throw DomainError.validation([{ path: 'hours', message: 'No more than 10 hours in total.' }]);
    }
    return [{ type: 'HoursLogged', data: { entryId: command.entryId, hours: command.hours } }];
  },
};

function context(commandId: string): CommandContext {
  return {
    actor: { id: '12', name: 'Grace Hopper' },
    commandId,
    correlationId: 'corr-1',
    causationId: null,
    now: new Date('2025-02-03T10:00:00.000Z'),
  };
}

function rivalEvent(entryId: string, hours: number): NewEvent {
  return {
    id: `00000000-0000-4000-8000-${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`,
    type: 'HoursLogged',
    data: { entryId, hours },
    metadata: {
      actor: { id: '99', name: 'Someone Else' },
      occurredAt: '2025-02-03T09:59:59.000Z',
      correlationId: 'other',
      causationId: null,
      commandId: 'other',
      schemaVersion: 1,
    },
  };
}

describe('runCommand', () => {
  let store: InMemoryEventStore;
  beforeEach(() => {
    store = new InMemoryEventStore();
  });

  /** Runs `log entryId hours` on the stream as command `commandId`. */
  function logHours(streamId: string, entryId: string, hours: number, commandId = 'c') {
    return runCommand(store, streamId, ledger, { kind: 'log', entryId, hours }, context(commandId));
  }

  /** Someone else logs `entryId` on the stream just before this command's first append. */
  function rivalOnceBeforeAppend(entryId: string, hours: number) {
    let rivals = 0;
    store.beforeAppend = (streamId) => {
      if (rivals++ === 0) store.insert(streamId, [rivalEvent(entryId, hours)]);
    };
  }

  /** The entry ids in the store's log, in order. */
  function loggedEntryIds() {
    return store.log.map((e) => (e.data as { entryId: string }).entryId);
  }

  it('appends the decided events at the exact revision, with derived ids and the command metadata', async () => {
    store.insert('ledger-1', [rivalEvent('a', 2)]);

    const outcome = await logHours('ledger-1', 'b', 3, 'cmd-1');

    expect(store.appendCalls).toHaveLength(1);
    expect(store.appendCalls[0].expected).toBe(0n);
    const [appended] = store.appendCalls[0].events;
    expect(appended.id).toBe(deriveEventId('cmd-1', 'ledger-1', 0));
    expect(appended.metadata).toEqual({
      actor: { id: '12', name: 'Grace Hopper' },
      occurredAt: '2025-02-03T10:00:00.000Z',
      correlationId: 'corr-1',
      causationId: null,
      commandId: 'cmd-1',
      schemaVersion: 1,
    });
    expect(outcome.state).toEqual({ entryIds: ['a', 'b'], total: 5 });
    expect(outcome.revision).toBe(1n);
    expect(outcome.position).toEqual(store.log[1].position);
    expect(outcome.events).toEqual([{ type: 'HoursLogged', data: { entryId: 'b', hours: 3 } }]);
  });

  it('starts a new stream expecting no_stream', async () => {
    const outcome = await logHours('ledger-2', 'x', 1);
    expect(store.appendCalls[0].expected).toBe('no_stream');
    expect(outcome.revision).toBe(0n);
  });

  it('appends nothing when nothing is decided and answers a null position', async () => {
    store.insert('ledger-3', [rivalEvent('a', 2)]);
    const outcome = await runCommand(store, 'ledger-3', ledger, { kind: 'nothing' }, context('c'));
    expect(store.appendCalls).toEqual([]);
    expect(outcome).toEqual({
      events: [],
      position: null,
      state: { entryIds: ['a'], total: 2 },
      revision: 0n,
    });
  });

  it('lets a DomainError from decide through and appends nothing', async () => {
    store.insert('ledger-4', [rivalEvent('a', 9)]);
    const refused = logHours('ledger-4', 'b', 2);
    await expect(refused).rejects.toMatchObject({ code: 'validation', problems: [{ path: 'hours' }] });
    expect(store.appendCalls).toEqual([]);
  });

  it('reloads and decides again once when someone else appended in between', async () => {
    rivalOnceBeforeAppend('rival', 4);

    const outcome = await logHours('ledger-5', 'mine', 5);

    expect(store.appendCalls.map((c) => c.expected)).toEqual(['no_stream', 0n]);
    expect(outcome.state).toEqual({ entryIds: ['rival', 'mine'], total: 9 });
    expect(loggedEntryIds()).toEqual(['rival', 'mine']);
  });

  it('decides against the reloaded state on the retry (the rival may make the command invalid)', async () => {
    rivalOnceBeforeAppend('rival', 8);
    const refused = logHours('ledger-6', 'mine', 5);
    await expect(refused).rejects.toMatchObject({ code: 'validation', problems: [{ path: 'hours' }] });
    expect(loggedEntryIds()).toEqual(['rival']);
  });

  it('keeps deciding again on fresh state while it loses the race, and lands', async () => {
    let rivals = 0;
    store.beforeAppend = (streamId) => {
      if (rivals < 5) store.insert(streamId, [rivalEvent(`rival-${rivals++}`, 1)]);
    };

    const outcome = await logHours('ledger-7', 'mine', 1);

    expect(store.appendCalls).toHaveLength(6);
    expect(outcome.state.entryIds).toEqual(['rival-0', 'rival-1', 'rival-2', 'rival-3', 'rival-4', 'mine']);
  });

  it('answers a conflict only after losing every bounded attempt, and appends nothing of its own', async () => {
    let rivals = 0;
    store.beforeAppend = (streamId) => store.insert(streamId, [rivalEvent(`rival-${rivals++}`, 0)]);

    const conflict = logHours('ledger-8', 'mine', 1);

    await expect(conflict).rejects.toBeInstanceOf(DomainError);
    await expect(conflict).rejects.toMatchObject({ code: 'conflict', message: CONCURRENT_CHANGE_MESSAGE });
    expect(store.appendCalls).toHaveLength(MAX_DECISION_ATTEMPTS);
    expect(loggedEntryIds()).not.toContain('mine');
  });

  it('lets other store errors through without retrying', async () => {
    store.beforeAppend = () => {
      throw new Error('connection lost');
    };
    const failed = logHours('ledger-8', 'mine', 1);
    await expect(failed).rejects.toThrow('connection lost');
    expect(store.appendCalls).toHaveLength(1);
  });
});

describe('runCommand with a decision log', () => {
  it('in a dry run decides on the stream as it is, notes what it decided and appends nothing', async () => {
    const store = new InMemoryEventStore();
    store.insert('ledger-1', [rivalEvent('a', 2)]);
    const log = new DecisionLog(true);

    const outcome = await runCommand(
      store,
      'ledger-1',
      ledger,
      { kind: 'log', entryId: 'b', hours: 3 },
      { ...context('dry'), decisionLog: log },
    );

    expect(store.appendCalls).toHaveLength(0);
    expect(outcome.position).toBeNull();
    expect(log.decisions).toEqual([
      {
        streamId: 'ledger-1',
        newStream: false,
        events: [{ type: 'HoursLogged', data: { entryId: 'b', hours: 3 } }],
      },
    ]);
  });

  it('for real notes what it appended, and a stream it opened as new', async () => {
    const store = new InMemoryEventStore();
    const log = new DecisionLog(false);

    await runCommand(
      store,
      'ledger-2',
      ledger,
      { kind: 'log', entryId: 'c', hours: 1 },
      { ...context('real'), decisionLog: log },
    );

    expect(store.log).toHaveLength(1);
    expect(log.decisions.map((d) => [d.streamId, d.newStream, d.events.length])).toEqual([
      ['ledger-2', true, 1],
    ]);
  });
});

describe('loadState', () => {
  it('folds the stream, upcasting each stored event, and reports the revision to expect', async () => {
    const store = new InMemoryEventStore();
    store.insert('ledger-9', [rivalEvent('a', 1), rivalEvent('b', 2)]);
    // An upcaster for an older payload that named the field `id`.
    store.log[0] = { ...store.log[0], data: { id: 'a', hours: 1 } };

    const loaded = await loadState(store, 'ledger-9', ledger, {
      upcast: (e) => {
        const data = e.data as { id?: string; entryId?: string; hours: number };
        return { type: 'HoursLogged', data: { entryId: data.entryId ?? data.id ?? '', hours: data.hours } };
      },
    });

    expect(loaded).toEqual({ state: { entryIds: ['a', 'b'], total: 3 }, revision: 1n });
    expect(await loadState(store, 'ledger-none', ledger)).toEqual({
      state: { entryIds: [], total: 0 },
      revision: 'no_stream',
    });
  });
});
