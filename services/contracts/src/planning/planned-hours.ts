import { z } from 'zod';
import type { FieldChanges } from '../kernel/changes';
import { PLANNED_HOURS_EXCLUDED_CLIENT_ID } from '../kernel/constants';
import { monthNameOf, monthsSpanned, type BusinessMonth } from '../kernel/dates';
import { anyValue, monthField, refuse, requestObject } from '../kernel/fields';
import { bodyIdField, queryIdField } from '../kernel/ids';
import { isPlannedHoursValue, plannedCellMessages } from './cell-rules';

/**
 * Planned hours (admin spec §2, §3, §4, §7, §9): the API's requests and answers, the event
 * PlannedHoursSet, and the months a grid spans.
 */

/** At most this many months in one grid and its export (five years); a save may hold any number of cells. */
export const PLANNED_HOURS_MAX_MONTHS = 60;

export const plannedHoursMessages = {
  saved: 'Data saved successfully!',
  saveFailed: 'Error saving data. Please try again.',
  endBeforeStart: 'End month must not be before the start month',
  tooManyMonths: `Choose at most ${PLANNED_HOURS_MAX_MONTHS} months`,
  noCells: 'Give at least one cell to save',
  duplicateCell: (employeeId: number, month: string) =>
    `The cell of employee ${employeeId} for ${month} is given more than once`,
  notOnRoster: (employeeId: number, month: string, projectId: number) =>
    `Employee ${employeeId} (cell for ${month}) is not on the roster of project ${projectId}`,
  excludedClient: `Planned hours are not kept for projects of client ${PLANNED_HOURS_EXCLUDED_CLIENT_ID}`,
  projectUnknown: (projectId: number) => `Project ${projectId} does not exist.`,
  notAllowed: 'You may plan hours only for your own organisation’s projects and people.',
} as const;

function checkRange(range: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (range.to < range.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: plannedHoursMessages.endBeforeStart });
  else if (monthsSpanned(range.from, range.to) > PLANNED_HOURS_MAX_MONTHS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: plannedHoursMessages.tooManyMonths });
}

/** GET /api/admin/planned-hours?projectId=&from=YYYY-MM&to=YYYY-MM (and the export's query). */
export const plannedHoursQuerySchema = requestObject({
  projectId: queryIdField('Project'),
  from: monthField('Start month'),
  to: monthField('End month'),
}).superRefine(checkRange);
export type PlannedHoursQuery = z.output<typeof plannedHoursQuerySchema>;

const plannedHoursField = anyValue().transform((value, ctx): number | null =>
  isPlannedHoursValue(value) ? value : refuse(ctx, plannedCellMessages.invalid),
);

export const plannedCellSchema = requestObject({
  employeeId: bodyIdField('Employee'),
  month: monthField('Month'),
  plannedHours: plannedHoursField,
});
export type PlannedCellInput = z.output<typeof plannedCellSchema>;

/** PUT /api/admin/planned-hours: any number of cells of one project, recorded at once or not at all. */
export const plannedHoursSaveSchema = requestObject({
  projectId: bodyIdField('Project'),
  cells: z
    .array(plannedCellSchema, { message: plannedHoursMessages.noCells })
    .min(1, plannedHoursMessages.noCells)
    .superRefine((cells, ctx) => {
      const seen = new Set<string>();
      cells.forEach((cell, index) => {
        const key = `${cell.employeeId}:${cell.month}`;
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            path: [index],
            message: plannedHoursMessages.duplicateCell(cell.employeeId, cell.month),
          });
        seen.add(key);
      });
    }),
});
export type PlannedHoursSaveRequest = z.output<typeof plannedHoursSaveSchema>;

/** The answer of a save: how many cells changed (0: the values were already stored). */
export interface PlannedHoursSaveResult {
  readonly changed: number;
  /** Where the event landed ('commit/prepare'); null when nothing changed. */
  readonly position: string | null;
}

/** A project the planned-hours picker offers (never one of client 4). */
export interface PlannedHoursProjectOption {
  readonly projectId: number;
  readonly name: string;
  readonly ownerId: number;
  readonly isActive: boolean;
}

/** One person's row of the grid: planned hours and the hours recorded, by month ('YYYY-MM'). */
export interface PlannedHoursPerson {
  readonly employeeId: number;
  readonly name: string;
  readonly isActive: boolean;
  /** Absent or null: nothing planned. */
  readonly planned: Readonly<Record<BusinessMonth, number | null>>;
  /** Hours recorded on the project (regular plus overtime), decimal strings; absent: none. */
  readonly actual: Readonly<Record<BusinessMonth, string>>;
}

/** GET /api/admin/planned-hours: the roster of the project by the months asked. */
export interface PlannedHoursGrid {
  readonly projectId: number;
  readonly projectName: string;
  readonly months: readonly BusinessMonth[];
  readonly people: readonly PlannedHoursPerson[];
}

/** One changed cell of PlannedHoursSet: before → after of its plannedHours (null = empty). */
export interface PlannedCellChange extends FieldChanges<{ plannedHours: number | null }> {
  readonly employeeId: number;
  readonly month: BusinessMonth;
}

/** The event of a save on the stream `planned-hours-{projectId}`: every changed cell of one request. */
export interface PlannedHoursSet {
  readonly projectId: number;
  readonly changes: readonly PlannedCellChange[];
}

/** The month pickers' label: '2025-01' → 'Jan 2025'. */
export function monthPickerLabel(month: BusinessMonth): string {
  return `${monthNameOf(month, 'short')} ${month.slice(0, 4)}`;
}

/** The export's column heading of a month, day-month-year of its first day: '2025-01' → '01-01-2025'. */
export function exportMonthHeading(month: BusinessMonth): string {
  return `01-${month.slice(5, 7)}-${month.slice(0, 4)}`;
}
