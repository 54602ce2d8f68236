import {
  changedFields,
  isPlannedHoursValue,
  PLANNED_HOURS_EXCLUDED_CLIENT_ID,
  plannedCellMessages,
  plannedHoursMessages,
  type PlannedCellChange,
  type PlannedCellInput,
  type PlannedHoursSet,
} from '@portal/contracts';
import { DomainError, ProblemList } from '../../../kernel/domain-error';

/** One stream per project: `planned-hours-{projectId}`. */
export const plannedHoursStreamId = (projectId: number): string => `planned-hours-${projectId}`;

export type PlannedHoursEvent = { readonly type: 'PlannedHoursSet'; readonly data: PlannedHoursSet };

/** The project a save names, as the catalog knows it (absent: no such project). */
export interface PlanningProject {
  readonly projectId: number;
  readonly ownerId: number;
  readonly clientId: number;
}

export type SetPlannedHours = {
  readonly type: 'SetPlannedHours';
  readonly data: { readonly projectId: number; readonly cells: readonly PlannedCellInput[] };
  /** The planner's owner scope: a sightstream admin plans only owner-2 projects and people; null = all. */
  readonly ownerScope: number | null;
  readonly references: {
    readonly project: PlanningProject | null;
    /** Owner of each person the roster allows on the project; a person absent is not on it. */
    readonly rosterOwners: ReadonlyMap<number, number>;
  };
};

export type PlannedHoursCommand = SetPlannedHours;

/** Key `${employeeId}:${month}` → planned hours; absent or null = nothing planned. */
export type PlannedHoursState = { readonly cells: ReadonlyMap<string, number | null> };

const key = (employeeId: number, month: string): string => `${employeeId}:${month}`;

export function plannedHoursIn(state: PlannedHoursState, employeeId: number, month: string): number | null {
  return state.cells.get(key(employeeId, month)) ?? null;
}

/**
 * May hours be planned on the project, by this planner? Unknown or outside the planner's owner
 * scope: 404 (as the catalog answers); a project of client 4: 400 on projectId. The save and the
 * grid both ask this.
 */
export function checkPlanningProject(
  projectId: number,
  project: PlanningProject | null,
  ownerScope: number | null,
): void {
  if (!project || (ownerScope !== null && project.ownerId !== ownerScope))
    throw DomainError.notFound(plannedHoursMessages.projectUnknown(projectId));
  if (project.clientId === PLANNED_HOURS_EXCLUDED_CLIENT_ID)
    DomainError.throwIfAny([{ path: 'projectId', message: plannedHoursMessages.excludedClient }]);
}

function checkCells(command: SetPlannedHours): void {
  const { cells, projectId } = command.data;
  const problems = new ProblemList();
  if (cells.length === 0) problems.add('cells', plannedHoursMessages.noCells);
  const seen = new Set<string>();
  let outsideScope = false;
  cells.forEach((cell, i) => {
    const at = `cells.${i}`;
    const owner = command.references.rosterOwners.get(cell.employeeId);
    if (owner === undefined)
      problems.add(
        `${at}.employeeId`,
        plannedHoursMessages.notOnRoster(cell.employeeId, cell.month, projectId),
      );
    else if (command.ownerScope !== null && owner !== command.ownerScope) outsideScope = true;
    if (!isPlannedHoursValue(cell.plannedHours))
      problems.add(`${at}.plannedHours`, plannedCellMessages.invalid);
    const pair = key(cell.employeeId, cell.month);
    if (seen.has(pair)) problems.add(at, plannedHoursMessages.duplicateCell(cell.employeeId, cell.month));
    seen.add(pair);
  });
  if (outsideScope) throw DomainError.forbidden(plannedHoursMessages.notAllowed);
  problems.throwIfAny();
}

export const plannedHoursDecider = {
  initialState: (): PlannedHoursState => ({ cells: new Map() }),

  evolve(state: PlannedHoursState, event: PlannedHoursEvent): PlannedHoursState {
    switch (event.type) {
      case 'PlannedHoursSet': {
        const cells = new Map(state.cells);
        for (const c of event.data.changes)
          cells.set(key(c.employeeId, c.month), c.after.plannedHours ?? null);
        return { cells };
      }
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },

  decide(command: PlannedHoursCommand, state: PlannedHoursState): PlannedHoursEvent[] {
    switch (command.type) {
      case 'SetPlannedHours': {
        checkPlanningProject(command.data.projectId, command.references.project, command.ownerScope);
        checkCells(command);
        // Only cells whose value differs are recorded, each with its before → after.
        const changes: PlannedCellChange[] = [];
        for (const cell of command.data.cells) {
          const change = changedFields(
            { plannedHours: plannedHoursIn(state, cell.employeeId, cell.month) },
            { plannedHours: cell.plannedHours },
          );
          if (change) changes.push({ employeeId: cell.employeeId, month: cell.month, ...change });
        }
        if (changes.length === 0) return [];
        return [{ type: 'PlannedHoursSet', data: { projectId: command.data.projectId, changes } }];
      }
      default: {
        const unknown: never = command.type;
        return unknown;
      }
    }
  },
};
