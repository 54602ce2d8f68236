import type { RosterCellChange, RosterChange } from '@portal/contracts';
import { broken, given as givenEvents } from '../../../kernel/testing/given-when-then';
import {
  mayBill,
  RECENT_CELLS,
  rosterCells,
  rosterDecider,
  type ChangeRoster,
  type RosterEditor,
  type RosterEvent,
  type RosterState,
} from './roster';

const given = (events: RosterEvent[]) => givenEvents(rosterDecider, events);
const cells = (state: RosterState) => [...rosterCells(state).entries()].sort();

const editor: RosterEditor = { canEditRoster: true, ownerScope: null };
// People 3 (owner 1) and 5 (owner 2); projects 10 (owner 1) and 20 (owner 2).
const references = {
  employeeOwners: new Map([
    [3, 1],
    [5, 2],
  ]),
  projectOwners: new Map([
    [10, 1],
    [20, 2],
  ]),
};
const change = (changes: RosterChange[], by: RosterEditor = editor): ChangeRoster => ({
  type: 'ChangeRoster',
  data: { changes },
  editor: by,
  references,
});
const allow = (employeeId: number, projectId: number, isAllowedToBill = true): RosterChange => ({
  employeeId,
  projectId,
  isAllowedToBill,
});

/** A recorded change: the new value, and before → after for auditors. */
const recorded = (employeeId: number, projectId: number, isAllowedToBill = true): RosterCellChange => ({
  ...allow(employeeId, projectId, isAllowedToBill),
  before: { isAllowedToBill: !isAllowedToBill },
  after: { isAllowedToBill },
});

describe('roster', () => {
  it('records the changes, each with its before → after', () => {
    expect(given([]).when(change([allow(3, 10), allow(5, 20)])).events).toEqual([
      { type: 'RosterChanged', data: { changes: [recorded(3, 10), recorded(5, 20)] } },
    ]);
  });

  it('events recorded before before → after existed still replay', () => {
    const old: RosterEvent = { type: 'RosterChanged', data: { changes: [allow(3, 10), allow(5, 20)] } };
    const withdrawn: RosterEvent = { type: 'RosterChanged', data: { changes: [recorded(5, 20, false)] } };
    const { state } = given([old, withdrawn]);
    expect(mayBill(state, 3, 10)).toBe(true);
    expect(mayBill(state, 5, 20)).toBe(false);
    expect(given([old, withdrawn]).when(change([allow(3, 10), allow(5, 20)])).events).toEqual([
      { type: 'RosterChanged', data: { changes: [recorded(5, 20)] } },
    ]);
  });

  it('leaves out changes the roster already holds', () => {
    const before: RosterEvent = { type: 'RosterChanged', data: { changes: [allow(3, 10)] } };
    expect(given([before]).when(change([allow(3, 10), allow(3, 20)])).events).toEqual([
      { type: 'RosterChanged', data: { changes: [recorded(3, 20)] } },
    ]);
  });

  it('taking away a right that was never given is no change; taking away a given one is', () => {
    expect(given([]).when(change([allow(3, 10, false)])).events).toEqual([]);
    const before: RosterEvent = { type: 'RosterChanged', data: { changes: [allow(3, 10)] } };
    expect(given([before]).when(change([allow(3, 10, false)])).events).toEqual([
      { type: 'RosterChanged', data: { changes: [recorded(3, 10, false)] } },
    ]);
  });

  it('needs the canEditRoster flag', () => {
    const error = broken(given([]).when(change([allow(3, 10)], { canEditRoster: false, ownerScope: null })));
    expect(error.code).toBe('forbidden');
    expect(error.message).toBe('You are not allowed to edit the roster.');
  });

  it('a sightstream editor may change only owner-2 people on owner-2 projects', () => {
    const sightstream = { canEditRoster: true, ownerScope: 2 };
    expect(given([]).when(change([allow(5, 20)], sightstream)).events).toHaveLength(1);
    expect(broken(given([]).when(change([allow(5, 10)], sightstream))).code).toBe('forbidden');
    expect(broken(given([]).when(change([allow(3, 20)], sightstream))).code).toBe('forbidden');
  });

  it('needs at least one change', () => {
    expect(broken(given([]).when(change([]))).problems).toEqual([
      { path: 'changes', message: 'Please select at least one change.' },
    ]);
  });

  it('refuses unknown people and projects, and one pair twice', () => {
    const error = broken(
      given([]).when(change([allow(4, 10), allow(3, 11), allow(3, 10), allow(3, 10, false)])),
    );
    expect(error.code).toBe('validation');
    expect(error.problems).toEqual([
      { path: 'changes.0.employeeId', message: 'Employee 4 does not exist.' },
      { path: 'changes.1.projectId', message: 'Project 11 does not exist.' },
      { path: 'changes.3', message: 'Employee 3 and project 10 appear more than once.' },
    ]);
  });

  it('refuses ids that are not whole numbers and a missing can-bill value', () => {
    const error = broken(
      given([]).when(
        change([{ employeeId: 0, projectId: 2.5, isAllowedToBill: undefined as unknown as boolean }]),
      ),
    );
    expect(error.problems.map((p) => p.path)).toEqual([
      'changes.0.employeeId',
      'changes.0.projectId',
      'changes.0.isAllowedToBill',
    ]);
  });

  it('folds many events at once into what folding them one by one gives, leaving the state it started from as it was', () => {
    const history: RosterEvent[] = [
      { type: 'RosterChanged', data: { changes: [recorded(3, 10), recorded(5, 20)] } },
      { type: 'RosterChanged', data: { changes: [recorded(3, 10, false)] } },
      { type: 'RosterChanged', data: { changes: [recorded(3, 20), recorded(3, 10)] } },
    ];
    const start = given(history.slice(0, 1)).state;
    const rest = history.slice(1);
    const oneByOne = rest.reduce((state, event) => rosterDecider.evolve(state, event), start);
    const atOnce = rosterDecider.evolveAll(start, rest);
    expect(cells(atOnce)).toEqual(cells(oneByOne));
    expect(cells(atOnce)).toEqual([
      ['3:10', true],
      ['3:20', true],
      ['5:20', true],
    ]);
    expect(cells(start)).toEqual([
      ['3:10', true],
      ['5:20', true],
    ]);
    expect(mayBill(atOnce, 3, 20)).toBe(true);
  });

  it('keeps the same cells across the merge of its recent changes into the settled ones', () => {
    // Person p may bill project q when (p + q) is even, then every third such right is withdrawn.
    const events: RosterEvent[] = [];
    for (let p = 1; p <= 60; p++) {
      const changes = Array.from({ length: 50 }, (_, i) => recorded(p, i + 1, (p + i + 1) % 2 === 0));
      events.push({ type: 'RosterChanged', data: { changes } });
    }
    for (let p = 1; p <= 60; p += 3)
      events.push({ type: 'RosterChanged', data: { changes: [recorded(p, p % 2 === 0 ? 2 : 1, false)] } });
    expect(events.reduce((sum, e) => sum + e.data.changes.length, 0)).toBeGreaterThan(RECENT_CELLS);
    const oneByOne = events.reduce(
      (state, event) => rosterDecider.evolve(state, event),
      rosterDecider.initialState(),
    );
    const halfway = rosterDecider.evolveAll(rosterDecider.initialState(), events.slice(0, 30));
    const halfwayCells = cells(halfway);
    const inTwo = rosterDecider.evolveAll(halfway, events.slice(30));
    expect(cells(inTwo)).toEqual(cells(oneByOne));
    expect(cells(halfway)).toEqual(halfwayCells);
    expect(oneByOne.recent.size).toBeLessThanOrEqual(RECENT_CELLS);
    expect(mayBill(oneByOne, 4, 2)).toBe(false);
    expect(mayBill(oneByOne, 4, 4)).toBe(true);
    expect(mayBill(oneByOne, 5, 1)).toBe(true);
    expect(mayBill(oneByOne, 7, 1)).toBe(false);
    expect(mayBill(oneByOne, 5, 2)).toBe(false);
  });
});
