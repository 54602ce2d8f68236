import {
  adminTimesheetEditSchema,
  type AdminTimesheetEditRequest,
  type EntryBeforeEdit,
  needsSubProject,
  timesheetEditProblems,
  timesheetEditSchema,
  type TimesheetEditRequest,
  timesheetMessages as msg,
  type TimesheetRuleFacts,
} from '@portal/contracts';
import type { FieldProblem } from '../api';
import { type EditCheck, zodProblems } from '../form-errors';

/** A saved entry's fields as its edit dialog sends them (hours as decimal text, null when empty). */
export interface TimesheetEditDraft {
  readonly projectId: number | null;
  /** Only with the umbrella project; null otherwise. */
  readonly subProjectId: number | null;
  readonly date: string;
  readonly hours: string | null;
  readonly overtimeHours: string | null;
  readonly comment: string;
  readonly version: number;
}

/** The umbrella project is chosen without its sub-project. */
function subProjectMissing(draft: TimesheetEditDraft): boolean {
  return draft.projectId !== null && needsSubProject(draft.projectId) && draft.subProjectId === null;
}

/**
 * The problems that stop a save: all but the late-entry question (asked, not refused). The project
 * rules run only on well-formed input, so a missing sub-project is named here right away.
 */
export function blockingProblems(
  problems: readonly FieldProblem[],
  missingSubProject: boolean,
): FieldProblem[] {
  return [
    ...problems,
    ...(missingSubProject ? [{ path: 'subProjectId', message: msg.subProjectRequired }] : []),
  ].filter((p) => p.path !== 'confirmLate');
}

/**
 * The person's change of their own entry (`PUT /api/timesheets/:id`): the request schema, then the
 * entry rules over the projects they may bill (`facts`) and the entry as it was. A project no longer
 * on their roster has no facts here; the server judges it.
 */
export function personTimesheetEditCheck(
  draft: TimesheetEditDraft,
  before: EntryBeforeEdit,
  facts: TimesheetRuleFacts,
): EditCheck<TimesheetEditRequest> {
  const parsed = timesheetEditSchema.safeParse({ ...draft, confirmLate: false });
  if (!parsed.success) {
    return { problems: blockingProblems(zodProblems(parsed.error), subProjectMissing(draft)) };
  }
  const ruled = timesheetEditProblems(parsed.data, facts, before);
  const problems = blockingProblems(
    facts.project ? ruled : ruled.filter((p) => p.path !== 'projectId'),
    false,
  );
  return problems.length > 0 ? { problems } : { edit: { ...parsed.data, confirmLate: false } };
}

/**
 * An admin's change of a person's entry (`PUT /api/admin/timesheets/:id`, admin spec §7): the
 * request schema and a sub-project for the umbrella project; the server judges the rest.
 */
export function adminTimesheetEditCheck(
  draft: TimesheetEditDraft,
  employeeId: number,
): EditCheck<AdminTimesheetEditRequest> {
  const parsed = adminTimesheetEditSchema.safeParse({ employeeId, ...draft });
  const problems = blockingProblems(
    parsed.success ? [] : zodProblems(parsed.error),
    subProjectMissing(draft),
  );
  return parsed.success && problems.length === 0 ? { edit: parsed.data } : { problems };
}
