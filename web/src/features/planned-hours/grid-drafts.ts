import {
  monthPickerLabel,
  normalisePlannedCell,
  plannedCellOnFocus,
  plannedCellProblem,
  plannedCellText,
  plannedHoursOf,
  startOfMonthOffset,
  type PlannedCellInput,
  type PlannedHoursGrid,
  type PlanRow,
} from '@portal/contracts';

/**
 * The grid's editing state, pure: the text of every cell while editing (key
 * `${employeeId}:${month}`), the cells a save sends, and the server's problems mapped back to
 * cells. The cell rules themselves are the contracts' (shared with the API).
 */
export type CellDrafts = Readonly<Record<string, string>>;
export type CellErrors = Readonly<Record<string, string | undefined>>;

export const cellKey = (employeeId: number, month: string): string => `${employeeId}:${month}`;

/** The stored values as the texts the fields start from (null: an empty field). */
export function draftsOf(grid: PlannedHoursGrid): CellDrafts {
  const drafts: Record<string, string> = {};
  for (const person of grid.people)
    for (const month of grid.months)
      drafts[cellKey(person.employeeId, month)] = plannedCellText(person.planned[month]);
  return drafts;
}

/** How many cells' texts differ from what they started as. */
export function changedDraftCount(initial: CellDrafts, drafts: CellDrafts): number {
  return Object.keys(drafts).filter((key) => (drafts[key] ?? '') !== (initial[key] ?? '')).length;
}

/** A cell being typed in: its problem while the text cannot be saved. */
export function problemOf(text: string): string | undefined {
  return plannedCellProblem(text) ?? undefined;
}

/**
 * Leaving a cell: the rules' form of the text ('007' → '7', '-3' → '0', '2.7' → '2'). A zero that
 * entering cleared comes back when nothing was typed (`zeroUntouched`): passing through a cell with
 * Tab changes nothing.
 */
export function onLeave(text: string, zeroUntouched = false): string {
  return zeroUntouched && text === '' ? '0' : normalisePlannedCell(text);
}
/** Entering a cell: a zero is cleared, so what is typed replaces it. */
export const onEnter = plannedCellOnFocus;

export type CheckedDrafts =
  | { readonly ok: true; readonly cells: PlannedCellInput[] }
  | { readonly ok: false; readonly errors: CellErrors };

/** The cells whose value differs from the stored one, or the cells that break the rules. */
export function checkDrafts(grid: PlannedHoursGrid, drafts: CellDrafts): CheckedDrafts {
  const errors: Record<string, string> = {};
  const cells: PlannedCellInput[] = [];
  for (const person of grid.people) {
    for (const month of grid.months) {
      const key = cellKey(person.employeeId, month);
      const text = drafts[key] ?? '';
      const problem = plannedCellProblem(text);
      if (problem) {
        errors[key] = problem;
        continue;
      }
      const value = plannedHoursOf(text) ?? null;
      if (value !== (person.planned[month] ?? null))
        cells.push({ employeeId: person.employeeId, month, plannedHours: value });
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, cells };
}

/** The server's field problems (`cells.3.plannedHours`) as errors on the cells sent. */
export function serverErrorsOf(
  problems: readonly { path: string; message: string }[],
  sent: readonly PlannedCellInput[],
): CellErrors {
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    const index = /^cells\.(\d+)/.exec(problem.path)?.[1];
    const cell = index === undefined ? undefined : sent[Number(index)];
    if (cell) errors[cellKey(cell.employeeId, cell.month)] = problem.message;
  }
  return errors;
}

/** The rows the totals are computed from: the drafts while editing (a broken cell counts as 0). */
export function planRowsOf(grid: PlannedHoursGrid, drafts: CellDrafts | null): PlanRow[] {
  return grid.people.map((person) => ({
    employeeId: person.employeeId,
    actual: person.actual,
    planned: drafts
      ? Object.fromEntries(
          grid.months.map((m) => [m, plannedHoursOf(drafts[cellKey(person.employeeId, m)] ?? '') ?? null]),
        )
      : person.planned,
  }));
}

/** The month pickers' choices: January two years back to December two years ahead of `today`'s year. */
export function monthChoices(today: string): { id: string; name: string }[] {
  const first = `${Number(today.slice(0, 4)) - 2}-01-01`;
  return Array.from({ length: 60 }, (_, i) => {
    const month = startOfMonthOffset(first, i).slice(0, 7);
    return { id: month, name: monthPickerLabel(month) };
  });
}

/** '+0.7', '-7', '0': a difference as the grid shows it. */
export function signed(difference: string): string {
  return difference.startsWith('-') || difference === '0' ? difference : `+${difference}`;
}
