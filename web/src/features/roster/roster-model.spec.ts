import { describe, expect, it } from '@jest/globals';
import type { RosterMatrix } from '@portal/contracts';
import {
  allowedCells,
  cellKey,
  isTicked,
  mergeChanges,
  NAME_SORT,
  nextSort,
  sortedRows,
  togglePending,
} from './roster-model';

const matrix: RosterMatrix = {
  people: [
    { staffId: 3, name: 'Carlos Contractor', ownerId: 1 },
    { staffId: 1, name: 'Alice Admin', ownerId: 1 },
    { staffId: 4, name: 'Dana Developer', ownerId: 1 },
  ],
  projects: [
    { projectId: 18, name: 'ERP Rollout', ownerId: 1 },
    { projectId: 12, name: 'Pipeline Integrity Review', ownerId: 1 },
  ],
  allowed: [[1], [0], [0, 1]],
  owners: [{ ownerId: 1, name: 'Smartwork Consulting' }],
  canEdit: true,
  ownerFilter: true,
};
const saved = allowedCells(matrix);

describe('roster screen model', () => {
  it('reads the index lists as cells', () => {
    expect([...saved].sort()).toEqual(['1:18', '3:12', '4:12', '4:18']);
  });

  it('a toggle records a pending change; toggling back removes it', () => {
    const once = togglePending(new Map(), saved, 3, 18);
    expect([...once.values()]).toEqual([{ employeeId: 3, projectId: 18, isAllowedToBill: true }]);
    expect(isTicked(once, saved, cellKey(3, 18))).toBe(true);
    const twice = togglePending(once, saved, 3, 18);
    expect(twice.size).toBe(0);
    expect(isTicked(twice, saved, cellKey(3, 18))).toBe(false);
    const untick = togglePending(new Map(), saved, 4, 12);
    expect([...untick.values()]).toEqual([{ employeeId: 4, projectId: 12, isAllowedToBill: false }]);
  });

  it('merges saved changes into the matrix', () => {
    const merged = mergeChanges(matrix, [
      { employeeId: 3, projectId: 18, isAllowedToBill: true },
      { employeeId: 4, projectId: 12, isAllowedToBill: false },
      { employeeId: 99, projectId: 12, isAllowedToBill: true },
    ]);
    expect(merged.allowed).toEqual([[0, 1], [0], [0]]);
  });

  it('sorts by name either way, or those who can bill a project first', () => {
    const names = (rows: number[]) => rows.map((i) => matrix.people[i].name.split(' ')[0]);
    expect(names(sortedRows(matrix, saved, NAME_SORT))).toEqual(['Alice', 'Carlos', 'Dana']);
    const descending = nextSort(NAME_SORT, 'name');
    expect(names(sortedRows(matrix, saved, descending))).toEqual(['Dana', 'Carlos', 'Alice']);
    expect(names(sortedRows(matrix, saved, nextSort(NAME_SORT, 12)))).toEqual(['Carlos', 'Dana', 'Alice']);
    expect(names(sortedRows(matrix, saved, nextSort(NAME_SORT, 18)))).toEqual(['Alice', 'Dana', 'Carlos']);
  });
});
