import type { BoardCell, BoardRow } from './board';
import { NO_ROWS } from './board-counts';

/** A board cell of `period` in `state` with no rows behind it (the tasks read only its state). */
export function boardCell(
  period: BoardCell['period'],
  state: BoardCell['state'],
  returnReason: string | null = null,
): BoardCell {
  return {
    period,
    state,
    counts: NO_ROWS,
    hours: '0',
    expensesClaimed: '0.00',
    lateEntries: 0,
    returnReason,
  };
}

/** Carlos's row on a project, with its previous and current period's cells. */
export function carlosRow(projectId: number, projectName: string, cells: [BoardCell, BoardCell]): BoardRow {
  return { employeeId: 7, employeeName: 'Carlos Contractor', ownerId: 1, projectId, projectName, cells };
}
