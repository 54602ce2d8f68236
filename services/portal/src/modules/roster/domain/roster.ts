import {
  catalogMessages,
  changedFields,
  type RosterCellChange,
  type RosterChange,
  type RosterChanged,
} from '@portal/contracts';
import { ProblemList, DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { isPositiveWholeNumber } from '../../../kernel/rules';

/** The one stream `roster`: who may bill which project. */
export const ROSTER_STREAM_ID = 'roster';

export type RosterEvent = { readonly type: 'RosterChanged'; readonly data: RosterChanged };

export interface RosterEditor {
  /** The staff record's canEditRoster flag (the spec's six hard-coded names). */
  readonly canEditRoster: boolean;
  /** A 'sightstream' editor may change only owner-2 people and projects; null = no restriction. */
  readonly ownerScope: number | null;
}

/** The editor a person is: their canEditRoster flag and their owner scope. */
export function rosterEditorOf(person: {
  readonly canEditRoster: boolean;
  readonly userType: 'default' | 'sightstream';
}): RosterEditor {
  return { canEditRoster: person.canEditRoster, ownerScope: ownerScopeOf(person) };
}

export type ChangeRoster = {
  readonly type: 'ChangeRoster';
  readonly data: { readonly changes: readonly RosterChange[] };
  readonly editor: RosterEditor;
  /** Owner id of every referenced person and project the handler found (absent = unknown). */
  readonly references: {
    readonly employeeOwners: ReadonlyMap<number, number>;
    readonly projectOwners: ReadonlyMap<number, number>;
  };
};

export type RosterCommand = ChangeRoster;

/**
 * Key `${employeeId}:${projectId}` -> may bill; an absent key means not allowed. In two layers, so
 * that a state is never copied whole for one more save (issue 27): `settled` holds the cells
 * folded long ago and is shared, never changed, by the states made from it; `recent` holds the
 * cells changed since and wins over `settled`. Once `recent` grows past RECENT_CELLS, a fold merges
 * it into a new `settled` (one copy per so many changed cells, not one per event).
 */
export type RosterState = {
  readonly settled: ReadonlyMap<string, boolean>;
  readonly recent: ReadonlyMap<string, boolean>;
};

/** How many changed cells a state keeps apart before they are merged into `settled`. */
export const RECENT_CELLS = 2048;

const key = (employeeId: number, projectId: number): string => `${employeeId}:${projectId}`;

export function mayBill(state: RosterState, employeeId: number, projectId: number): boolean {
  const cell = key(employeeId, projectId);
  return state.recent.get(cell) ?? state.settled.get(cell) ?? false;
}

/** Every cell ever set, with its current value (the two layers merged; for checks and tests). */
export function rosterCells(state: RosterState): Map<string, boolean> {
  return new Map([...state.settled, ...state.recent]);
}

function checkChanges(command: ChangeRoster): void {
  const { changes } = command.data;
  const problems = new ProblemList();
  if (changes.length === 0) problems.add('changes', catalogMessages.nothingToChange);
  const seen = new Set<string>();
  changes.forEach((change, i) => {
    const at = `changes.${i}`;
    if (!isPositiveWholeNumber(change.employeeId))
      problems.add(`${at}.employeeId`, catalogMessages.mustHaveValue('Employee'));
    else if (!command.references.employeeOwners.has(change.employeeId))
      problems.add(`${at}.employeeId`, catalogMessages.unknown('Employee', change.employeeId));
    if (!isPositiveWholeNumber(change.projectId))
      problems.add(`${at}.projectId`, catalogMessages.mustHaveValue('Project'));
    else if (!command.references.projectOwners.has(change.projectId))
      problems.add(`${at}.projectId`, catalogMessages.unknown('Project', change.projectId));
    if (typeof change.isAllowedToBill !== 'boolean')
      problems.add(`${at}.isAllowedToBill`, catalogMessages.mustHaveValue('Can bill hours'));
    const pair = key(change.employeeId, change.projectId);
    if (seen.has(pair))
      problems.add(at, catalogMessages.duplicateRosterChange(change.employeeId, change.projectId));
    seen.add(pair);
  });
  problems.throwIfAny();
}

function checkScope(command: ChangeRoster): void {
  const scope = command.editor.ownerScope;
  if (scope === null) return;
  const outside = command.data.changes.some(
    (c) =>
      command.references.employeeOwners.get(c.employeeId) !== scope ||
      command.references.projectOwners.get(c.projectId) !== scope,
  );
  if (outside) throw new DomainError('forbidden', catalogMessages.rosterNotAllowed);
}

function foldRoster(state: RosterState, events: readonly RosterEvent[]): RosterState {
  const changed = events.reduce((sum, event) => sum + event.data.changes.length, 0);
  const merge = state.recent.size + changed > RECENT_CELLS;
  // Either everything into a new settled layer, or only the recent cells copied and added to.
  const target = merge ? rosterCells(state) : new Map(state.recent);
  for (const event of events) {
    switch (event.type) {
      case 'RosterChanged':
        for (const c of event.data.changes) target.set(key(c.employeeId, c.projectId), c.isAllowedToBill);
        break;
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  }
  return merge ? { settled: target, recent: new Map() } : { settled: state.settled, recent: target };
}

export const rosterDecider = {
  initialState: (): RosterState => ({ settled: new Map(), recent: new Map() }),

  evolve(state: RosterState, event: RosterEvent): RosterState {
    return foldRoster(state, [event]);
  },

  /** The events folded at once: a load of the whole stream copies the cells once, not once per event. */
  evolveAll: foldRoster,

  decide(command: RosterCommand, state: RosterState): RosterEvent[] {
    switch (command.type) {
      case 'ChangeRoster': {
        if (!command.editor.canEditRoster)
          throw new DomainError('forbidden', catalogMessages.rosterNotAllowed);
        checkChanges(command);
        checkScope(command);
        // Only real changes are recorded, each with its before → after: toggling to the value the
        // roster already holds is no change.
        const changes = command.data.changes.flatMap(
          ({ employeeId, projectId, isAllowedToBill }): RosterCellChange[] => {
            const cell = changedFields(
              { isAllowedToBill: mayBill(state, employeeId, projectId) },
              { isAllowedToBill },
            );
            if (!cell) return [];
            const before = { isAllowedToBill: !isAllowedToBill };
            const after = { isAllowedToBill };
            return [{ employeeId, projectId, isAllowedToBill, before, after }];
          },
        );
        return changes.length > 0 ? [{ type: 'RosterChanged', data: { changes } }] : [];
      }
      default: {
        const unknown: never = command.type;
        return unknown;
      }
    }
  },
};
