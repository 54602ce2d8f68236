import {
  type CopiedEntry,
  isLateEntry,
  type TimesheetBatchInput,
  timesheetBatchSchema,
  timesheetMessages as msg,
} from '@portal/contracts';
import { ApiError } from '../../lib/api';
import { decimalText, type FieldErrors, zodProblems } from '../../lib/form-errors';

/**
 * The copied week as the person reviews it (record 0261): one row per copied entry, edited in
 * place and removed one by one; nothing is saved until Submit, which sends each row as its own
 * batch of one day through POST /api/timesheets, so a refused row keeps its message and the
 * others are saved.
 */
export interface CopyRow {
  /** Stable within the draft: the day and the project (one entry per day and project). */
  readonly key: string;
  readonly date: string;
  readonly projectId: number;
  readonly subProjectId: number | null;
  /** 'Project' or 'Project (Sub-project)'. */
  readonly project: string;
  /** Decimal text, '' while empty. */
  readonly hours: string;
  readonly overtimeHours: string;
  /** Overtime is offered where last week's entry had some (the project allows it). */
  readonly showOvertime: boolean;
  readonly comment: string;
  /** The messages of this row's fields ('hours', 'overtimeHours', 'comment', 'date'). */
  readonly errors: FieldErrors;
  /** Why the server refused the row, or why the row's own check did. */
  readonly refusal: string | null;
}

export function draftOf(entries: readonly CopiedEntry[]): CopyRow[] {
  return entries.map((entry, index) => ({
    key: `${entry.date}|${entry.projectId}|${entry.subProjectId ?? ''}|${index}`,
    date: entry.date,
    projectId: entry.projectId,
    subProjectId: entry.subProjectId,
    project: entry.subProjectName ? `${entry.projectName} (${entry.subProjectName})` : entry.projectName,
    hours: entry.hours ?? '',
    overtimeHours: entry.overtimeHours ?? '',
    showOvertime: entry.overtimeHours !== null,
    comment: entry.comment,
    errors: {},
    refusal: null,
  }));
}

/** The row as the batch POST /api/timesheets takes: one project, one day. */
export function batchOf(row: CopyRow, confirmLate: boolean): TimesheetBatchInput {
  return {
    projectId: row.projectId,
    subProjectId: row.subProjectId,
    items: [
      {
        date: row.date,
        hours: decimalText(row.hours),
        overtimeHours: row.showOvertime ? decimalText(row.overtimeHours) : null,
        comment: row.comment,
      },
    ],
    confirmLate,
  };
}

/** A batch's problem path as a row's field: 'items.0.hours' -> 'hours'. */
function rowPath(path: string): string {
  return path.replace(/^items\.0\./, '');
}

function errorsOf(problems: readonly { path: string; message: string }[]): FieldErrors {
  const errors: Record<string, string> = {};
  for (const p of problems) errors[rowPath(p.path)] ??= p.message;
  return errors;
}

/** The row's own shape check (the schema the server parses with): its field messages, {} when it may be sent. */
export function rowErrors(row: CopyRow): FieldErrors {
  const parsed = timesheetBatchSchema.safeParse(batchOf(row, true));
  return parsed.success ? {} : errorsOf(zodProblems(parsed.error));
}

/** Some row is dated before this week's Monday: the late-entry warning is asked once for the send. */
export function anyLate(rows: readonly CopyRow[], today: string): boolean {
  return rows.some((row) => isLateEntry(row.date, today));
}

/** The fields a row shows; a message about anything else (project, date) is said under the row. */
const ROW_FIELDS = ['hours', 'overtimeHours', 'comment'] as const;

/** The messages of `errors` that no field of the row shows, as one sentence (null: none). */
export function unplaced(row: CopyRow, errors: FieldErrors): string | null {
  const shown = new Set<string>(ROW_FIELDS.filter((f) => f !== 'overtimeHours' || row.showOvertime));
  const rest = Object.entries(errors).flatMap(([path, message]) => (shown.has(path) ? [] : [message]));
  return rest.length > 0 ? rest.join(' ') : null;
}

/** The row after its own check: messages beside its fields, the others under it. */
export function checkedRow(row: CopyRow): CopyRow {
  const errors = rowErrors(row);
  return { ...row, errors, refusal: unplaced(row, errors) };
}

/**
 * A refused send, said beside its row: the server's field messages beside the fields, the rest
 * under the row (its rule message, or a plain fallback when the server named no rule or failed).
 */
export function refusedRow(row: CopyRow, failure: unknown): CopyRow {
  if (failure instanceof ApiError && failure.fromServer && failure.status < 500) {
    const errors = errorsOf(failure.problems);
    if (failure.problems.length === 0) return { ...row, errors, refusal: failure.message || msg.saveFailed };
    return { ...row, errors, refusal: unplaced(row, errors) };
  }
  return { ...row, errors: {}, refusal: msg.saveFailed };
}
