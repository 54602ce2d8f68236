import type { RosterChange, RosterMatrix } from '@portal/contracts';

/**
 * The roster screen's state, pure: which cells are ticked (the server's answer plus the pending
 * changes), the row order of a header sort, and the merge after a save.
 */

/** `${employeeId}:${projectId}`: one cell. */
export type CellKey = string;
export const cellKey = (employeeId: number, projectId: number): CellKey => `${employeeId}:${projectId}`;

/** The cells the server says are allowed. */
export function allowedCells(matrix: RosterMatrix): Set<CellKey> {
  const cells = new Set<CellKey>();
  matrix.people.forEach((person, i) => {
    for (const j of matrix.allowed[i] ?? []) cells.add(cellKey(person.staffId, matrix.projects[j].projectId));
  });
  return cells;
}

/** Pending changes: cell -> the value it will be saved as. Absent: unchanged. */
export type PendingChanges = ReadonlyMap<CellKey, RosterChange>;

/**
 * Toggling a box records a pending change; toggling the same box again removes it (the spec's
 * roster edit), so the pending list only ever holds cells that differ from the saved roster.
 */
export function togglePending(
  pending: PendingChanges,
  saved: ReadonlySet<CellKey>,
  employeeId: number,
  projectId: number,
): PendingChanges {
  const key = cellKey(employeeId, projectId);
  const next = new Map(pending);
  if (next.has(key)) next.delete(key);
  else next.set(key, { employeeId, projectId, isAllowedToBill: !saved.has(key) });
  return next;
}

/** What a box shows: its pending value, else the saved one. */
export function isTicked(pending: PendingChanges, saved: ReadonlySet<CellKey>, key: CellKey): boolean {
  const change = pending.get(key);
  return change ? change.isAllowedToBill : saved.has(key);
}

/** After a save: the saved changes merged into the matrix the screen shows. */
export function mergeChanges(matrix: RosterMatrix, changes: readonly RosterChange[]): RosterMatrix {
  const row = new Map(matrix.people.map((p, i) => [p.staffId, i]));
  const column = new Map(matrix.projects.map((p, j) => [p.projectId, j]));
  const allowed = matrix.allowed.map((list) => new Set(list));
  for (const change of changes) {
    const i = row.get(change.employeeId);
    const j = column.get(change.projectId);
    if (i === undefined || j === undefined) continue;
    if (change.isAllowedToBill) allowed[i].add(j);
    else allowed[i].delete(j);
  }
  return { ...matrix, allowed: allowed.map((set) => [...set].sort((a, b) => a - b)) };
}

/** The header sort: by name (either way), or those who can bill one project first. */
export type RosterSort =
  | { readonly by: 'name'; readonly direction: 'ascending' | 'descending' }
  | { readonly by: 'project'; readonly projectId: number };

export const NAME_SORT: RosterSort = { by: 'name', direction: 'ascending' };

/** The next sort after a header click: Name flips its direction; a project header sorts by it. */
export function nextSort(current: RosterSort, clicked: 'name' | number): RosterSort {
  if (clicked === 'name')
    return {
      by: 'name',
      direction: current.by === 'name' && current.direction === 'ascending' ? 'descending' : 'ascending',
    };
  return { by: 'project', projectId: clicked };
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

/**
 * The row order (indexes into `matrix.people`). A project sort puts those the saved roster lets
 * bill it first, each group by name; ticking boxes does not move rows under the pointer.
 */
export function sortedRows(matrix: RosterMatrix, saved: ReadonlySet<CellKey>, sort: RosterSort): number[] {
  const rows = matrix.people.map((_, i) => i);
  if (sort.by === 'name') {
    rows.sort((a, b) => byName(matrix.people[a], matrix.people[b]));
    if (sort.direction === 'descending') rows.reverse();
    return rows;
  }
  const can = (i: number) => saved.has(cellKey(matrix.people[i].staffId, sort.projectId));
  return rows.sort((a, b) => Number(can(b)) - Number(can(a)) || byName(matrix.people[a], matrix.people[b]));
}
