// Fixed dates: the planned-hours decider on given months.
import type { PlannedCellInput } from '@portal/contracts';
import { broken, given as givenEvents } from '../../../kernel/testing/given-when-then';
import { plannedHoursDecider, type PlannedHoursEvent, type SetPlannedHours } from './planned-hours';

const given = (events: PlannedHoursEvent[] = []) => givenEvents(plannedHoursDecider, events);

// Project 12 (owner 1, client 1), project 21 (owner 2), project 18 (client 4).
// On the roster of the project asked: people 3 and 4 (owner 1) and 5 (owner 2).
const rosterOwners = new Map([
  [3, 1],
  [4, 1],
  [5, 2],
]);
const PROJECTS = {
  12: { projectId: 12, ownerId: 1, clientId: 1 },
  21: { projectId: 21, ownerId: 2, clientId: 3 },
  18: { projectId: 18, ownerId: 1, clientId: 4 },
} as const;

function set(
  cells: PlannedCellInput[],
  projectId: 12 | 21 | 18 = 12,
  ownerScope: number | null = null,
): SetPlannedHours {
  return {
    type: 'SetPlannedHours',
    data: { projectId, cells },
    ownerScope,
    references: { project: PROJECTS[projectId], rosterOwners },
  };
}
const cell = (employeeId: number, month: string, plannedHours: number | null): PlannedCellInput => ({
  employeeId,
  month,
  plannedHours,
});
const recorded = (changes: PlannedHoursEvent['data']['changes']): PlannedHoursEvent => ({
  type: 'PlannedHoursSet',
  data: { projectId: 12, changes },
});

describe('planned hours', () => {
  it('records every cell of a save in one event, each with before → after', () => {
    expect(given().when(set([cell(3, '2025-01', 7), cell(4, '2025-02', 0)])).events).toEqual([
      recorded([
        { employeeId: 3, month: '2025-01', before: { plannedHours: null }, after: { plannedHours: 7 } },
        { employeeId: 4, month: '2025-02', before: { plannedHours: null }, after: { plannedHours: 0 } },
      ]),
    ]);
  });

  it('records only the cells that change, and nothing when none does', () => {
    const history = [
      recorded([
        { employeeId: 3, month: '2025-01', before: { plannedHours: null }, after: { plannedHours: 7 } },
      ]),
    ];
    expect(given(history).when(set([cell(3, '2025-01', 7), cell(3, '2025-02', null)])).events).toEqual([]);
    expect(given(history).when(set([cell(3, '2025-01', null)])).events).toEqual([
      recorded([
        { employeeId: 3, month: '2025-01', before: { plannedHours: 7 }, after: { plannedHours: null } },
      ]),
    ]);
  });

  it('refuses the whole save when one cell is for a person not on the roster, naming the cell', () => {
    const error = broken(given().when(set([cell(3, '2025-01', 7), cell(9, '2025-03', 4)])));
    expect(error.code).toBe('validation');
    expect(error.problems).toEqual([
      {
        path: 'cells.1.employeeId',
        message: 'Employee 9 (cell for 2025-03) is not on the roster of project 12',
      },
    ]);
  });

  it('refuses a value that breaks the cell rules and a cell given twice', () => {
    const error = broken(given().when(set([cell(3, '2025-01', 2.5), cell(3, '2025-01', 1)])));
    expect(error.problems.map((p) => p.path)).toEqual(['cells.0.plannedHours', 'cells.1']);
  });

  it('keeps no plan for projects of client 4, and knows no unknown project', () => {
    expect(broken(given().when(set([cell(3, '2025-01', 1)], 18))).problems).toEqual([
      { path: 'projectId', message: 'Planned hours are not kept for projects of client 4' },
    ]);
    const unknown: SetPlannedHours = {
      ...set([cell(3, '2025-01', 1)]),
      references: { project: null, rosterOwners },
    };
    expect(broken(given().when(unknown)).code).toBe('not_found');
  });

  it('lets a sightstream admin plan only owner-2 projects and owner-2 people', () => {
    expect(given().when(set([cell(5, '2025-01', 3)], 21, 2)).events).toHaveLength(1);
    expect(broken(given().when(set([cell(3, '2025-01', 3)], 12, 2))).code).toBe('not_found');
    expect(broken(given().when(set([cell(3, '2025-01', 3)], 21, 2))).code).toBe('forbidden');
  });
});
