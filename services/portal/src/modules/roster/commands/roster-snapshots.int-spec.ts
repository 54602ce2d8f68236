import type { RosterChange } from '@portal/contracts';
import { createTestDatabase, type TestDatabase } from '../../../../test/services';
import { testNow } from '../../../../test/app-harness';
import { DomainError } from '../../../kernel/domain-error';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { loadState, runCommand } from '../../../platform/event-store/decider';
import { PostgresEventStore } from '../../../platform/event-store/postgres-event-store';
import { StreamSnapshots } from '../../../platform/event-store/stream-snapshots';
import {
  mayBill,
  ROSTER_STREAM_ID,
  rosterCells,
  rosterDecider,
  type ChangeRoster,
  type RosterEditor,
  type RosterState,
} from '../domain/roster';

/*
 * The roster's snapshots (issue 27): a save folds only the changes after the state this process
 * kept, and that state must be the one a full fold of the stream gives, whoever appended.
 */

const PEOPLE = 40;
const PROJECTS = 30;
const editor: RosterEditor = { canEditRoster: true, ownerScope: null };
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
// Everyone and every project is of owner 1, but person 40 and project 30 are of owner 2.
const references = {
  employeeOwners: new Map(ids(PEOPLE).map((id) => [id, id === PEOPLE ? 2 : 1])),
  projectOwners: new Map(ids(PROJECTS).map((id) => [id, id === PROJECTS ? 2 : 1])),
};

let commands = 0;
function context(): CommandContext {
  commands += 1;
  const commandId = `roster-snapshot-${commands}`;
  return {
    actor: { id: '1', name: 'Alice Admin' },
    commandId,
    correlationId: commandId,
    causationId: null,
    now: new Date(testNow()),
  };
}

const change = (changes: RosterChange[], by: RosterEditor = editor): ChangeRoster => ({
  type: 'ChangeRoster',
  data: { changes },
  editor: by,
  references,
});

/** A small deterministic generator, so a failure can be run again as it was. */
function generator(seed: number) {
  let value = seed;
  return (below: number) => {
    value = (value * 1_103_515_245 + 12_345) % 2_147_483_648;
    return value % below;
  };
}

/** `count` saves of one to four cells each, set or cleared at random. */
function randomSaves(seed: number, count: number): RosterChange[][] {
  const next = generator(seed);
  return Array.from({ length: count }, () => {
    const cells = new Map<string, RosterChange>();
    for (let i = 0, n = 1 + next(4); i < n; i++) {
      const employeeId = 1 + next(PEOPLE);
      const projectId = 1 + next(PROJECTS);
      cells.set(`${employeeId}:${projectId}`, { employeeId, projectId, isAllowedToBill: next(3) > 0 });
    }
    return [...cells.values()];
  });
}

const cellsOf = (state: RosterState) => [...rosterCells(state).entries()].sort();

describe('the roster stream with snapshots', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let otherProcess: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database.db);
    otherProcess = new PostgresEventStore(database.db);
  });
  afterAll(async () => {
    await Promise.all([store.close(), otherProcess.close()]);
    await database.drop();
  });

  const fullFold = async () => (await loadState(store, ROSTER_STREAM_ID, rosterDecider)).state;

  it('keeps, save after save and with another process saving too, the state a full fold of the stream gives', async () => {
    const snapshots = new StreamSnapshots<RosterState>();
    const others = new StreamSnapshots<RosterState>();
    const saves = randomSaves(27, 120);
    let recorded = 0;
    for (const [i, changes] of saves.entries()) {
      // Every fifth save comes from another process, which keeps a snapshot of its own.
      const [writer, kept] = i % 5 === 4 ? [otherProcess, others] : [store, snapshots];
      const outcome = await runCommand(writer, ROSTER_STREAM_ID, rosterDecider, change(changes), context(), {
        snapshots: kept,
      });
      recorded += outcome.events.length;
      if (i % 10 === 9) {
        const loaded = await loadState(store, ROSTER_STREAM_ID, rosterDecider, { snapshots });
        expect(cellsOf(loaded.state)).toEqual(cellsOf(await fullFold()));
      }
    }
    const events = await store.readStream(ROSTER_STREAM_ID);
    expect(events).toHaveLength(recorded);
    const last = events[events.length - 1];
    expect(snapshots.get(store, ROSTER_STREAM_ID)?.revision).toBe(last.revision);
    // The state kept is a fold of recorded events, so it holds only what the log says.
    expect(cellsOf(snapshots.get(store, ROSTER_STREAM_ID)!.state)).toEqual(cellsOf(await fullFold()));
    // Every event still says before -> after for each cell it changed.
    for (const event of events)
      for (const cell of (event.data as { changes: { before: unknown; after: unknown }[] }).changes)
        expect(cell).toMatchObject({ before: expect.any(Object), after: expect.any(Object) });
  });

  it('folds the whole stream again when the event it kept is no longer the one in the log', async () => {
    const snapshots = new StreamSnapshots<RosterState>();
    const head = (await store.readStream(ROSTER_STREAM_ID)).at(-1)!;
    // A state from some other log (e.g. one restored from a backup under a running process).
    snapshots.keep(store, ROSTER_STREAM_ID, {
      state: { settled: new Map([['1:1', true]]), recent: new Map() },
      revision: head.revision,
      eventId: 'not-the-event-in-the-log',
    });
    const loaded = await loadState(store, ROSTER_STREAM_ID, rosterDecider, { snapshots });
    expect(cellsOf(loaded.state)).toEqual(cellsOf(await fullFold()));
    expect(snapshots.get(store, ROSTER_STREAM_ID)?.eventId).toBe(head.id);
  });

  it('a save on a kept snapshot still refuses what it refused before and records only real changes', async () => {
    const snapshots = new StreamSnapshots<RosterState>();
    const state = (await loadState(store, ROSTER_STREAM_ID, rosterDecider, { snapshots })).state;
    const before = (await store.readStream(ROSTER_STREAM_ID)).length;
    const refusal = async (command: ChangeRoster) => {
      const error: unknown = await runCommand(store, ROSTER_STREAM_ID, rosterDecider, command, context(), {
        snapshots,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      return error as DomainError;
    };
    const cell = (employeeId: number, projectId: number, isAllowedToBill: boolean) => ({
      employeeId,
      projectId,
      isAllowedToBill,
    });

    const notEditor = await refusal(change([cell(1, 1, true)], { canEditRoster: false, ownerScope: null }));
    expect(notEditor.code).toBe('forbidden');
    const outsideScope = await refusal(change([cell(1, 1, true)], { canEditRoster: true, ownerScope: 2 }));
    expect(outsideScope.code).toBe('forbidden');
    const unknownPerson = await refusal(change([cell(PEOPLE + 1, 1, true)]));
    expect(unknownPerson.code).toBe('validation');
    const twice = await refusal(change([cell(2, 2, true), cell(2, 2, false)]));
    expect(twice.code).toBe('validation');
    expect(twice.problems.map((p) => p.path)).toEqual(['changes.1']);
    expect(unknownPerson.problems.map((p) => p.path)).toEqual(['changes.0.employeeId']);

    // The value a cell already holds is no change: nothing is appended.
    const same = await runCommand(
      store,
      ROSTER_STREAM_ID,
      rosterDecider,
      change([cell(3, 4, mayBill(state, 3, 4))]),
      context(),
      { snapshots },
    );
    expect(same.events).toEqual([]);
    expect(await store.readStream(ROSTER_STREAM_ID)).toHaveLength(before);

    // A real change lands with its before -> after, and the next load sees it.
    const flipped = !mayBill(state, 3, 4);
    const saved = await runCommand(
      store,
      ROSTER_STREAM_ID,
      rosterDecider,
      change([cell(3, 4, flipped)]),
      context(),
      { snapshots },
    );
    expect(saved.events).toEqual([
      {
        type: 'RosterChanged',
        data: {
          changes: [
            {
              ...cell(3, 4, flipped),
              before: { isAllowedToBill: !flipped },
              after: { isAllowedToBill: flipped },
            },
          ],
        },
      },
    ]);
    const after = await loadState(store, ROSTER_STREAM_ID, rosterDecider, { snapshots });
    expect(mayBill(after.state, 3, 4)).toBe(flipped);
    expect(cellsOf(after.state)).toEqual(cellsOf(await fullFold()));
  });
});
