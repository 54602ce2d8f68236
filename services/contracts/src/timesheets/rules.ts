import {
  EDIT_HOURS_STEP,
  EXPENSE_MONTHS_AHEAD,
  EXPENSE_MONTHS_BACK,
  OVERTIME_PROJECT_IDS,
  SECOND_ORGANISATION_OWNER_ID,
  TIMESHEET_MONTHS_AHEAD,
  TIMESHEET_MONTHS_BACK,
  UMBRELLA_PROJECT_ID,
} from '../kernel/constants';
import { isLateEntry, isWithin, monthWindow, type BusinessDate, type DateWindow } from '../kernel/dates';
import { isOnStep } from '../kernel/decimal-rules';
import { compareDecimals, isWholeNumber } from '../kernel/money';
import { timesheetFieldLabels as label, timesheetMessages as msg } from './messages';
import type { TimesheetBatchRequest, TimesheetEditRequest } from './requests';

/** Timesheet rules that need the project's facts and today's date (the same on web and server). */

export interface ProjectFacts {
  readonly projectId: number;
  readonly name: string;
  readonly ownerId: number;
  readonly isActive: boolean;
}

export interface TimesheetProblem {
  readonly path: string;
  readonly message: string;
}

type OwnerFacts = Pick<ProjectFacts, 'projectId' | 'ownerId'>;

function hasOvertime(project: OwnerFacts): boolean {
  return project.ownerId === SECOND_ORGANISATION_OWNER_ID || OVERTIME_PROJECT_IDS.includes(project.projectId);
}

/** Overtime is allowed for owner 2 and projects 61/64, also when chosen as the sub-project of 45. */
export function overtimeAllowed(project: OwnerFacts, subProject: OwnerFacts | null): boolean {
  if (hasOvertime(project)) return true;
  return project.projectId === UMBRELLA_PROJECT_ID && subProject !== null && hasOvertime(subProject);
}

/** Owner 2 bills whole hours (also as the sub-project of 45). */
export function wholeHoursRequired(project: OwnerFacts, subProject: OwnerFacts | null): boolean {
  if (project.ownerId === SECOND_ORGANISATION_OWNER_ID) return true;
  return (
    project.projectId === UMBRELLA_PROJECT_ID &&
    subProject !== null &&
    subProject.ownerId === SECOND_ORGANISATION_OWNER_ID
  );
}

export function needsSubProject(projectId: number): boolean {
  return projectId === UMBRELLA_PROJECT_ID;
}

/** Selectable days: two months back (start of month) to two months ahead (end of month). */
export function timesheetWindow(today: BusinessDate): DateWindow {
  return monthWindow(today, TIMESHEET_MONTHS_BACK, TIMESHEET_MONTHS_AHEAD);
}

export interface TimesheetRuleFacts {
  /** The chosen project; its absence is reported on projectId. */
  readonly project: ProjectFacts | null;
  /** The chosen sub-project (only for 45); null when none was chosen or it is unknown. */
  readonly subProject: ProjectFacts | null;
  readonly today: BusinessDate;
}

function projectProblems(
  projectId: number,
  subProjectId: number | null,
  facts: TimesheetRuleFacts,
  /** False for history: time on a project since closed stays its time. */
  mustBeActive = true,
): TimesheetProblem[] {
  const problems: TimesheetProblem[] = [];
  if (!facts.project || facts.project.projectId !== projectId) {
    problems.push({ path: 'projectId', message: msg.projectRequired });
  } else if (mustBeActive && !facts.project.isActive) {
    problems.push({ path: 'projectId', message: msg.projectInactive });
  }
  if (needsSubProject(projectId)) {
    if (subProjectId === null) {
      problems.push({ path: 'subProjectId', message: msg.subProjectRequired });
    } else if (
      !facts.subProject ||
      facts.subProject.projectId !== subProjectId ||
      (mustBeActive && !facts.subProject.isActive) ||
      subProjectId === UMBRELLA_PROJECT_ID
    ) {
      problems.push({ path: 'subProjectId', message: msg.subProjectInvalid });
    }
  } else if (subProjectId !== null) {
    problems.push({ path: 'subProjectId', message: msg.subProjectNotAllowed });
  }
  return problems;
}

function entryProblems(
  entry: { date: BusinessDate; hours: string | null; overtimeHours: string | null },
  prefix: string,
  facts: TimesheetRuleFacts,
  /** Null for history: any past day. */
  window: DateWindow | null,
): TimesheetProblem[] {
  const problems: TimesheetProblem[] = [];
  if (window && !isWithin(entry.date, window)) {
    problems.push({ path: `${prefix}date`, message: msg.dateOutsideWindow(window.first, window.last) });
  }
  if (!facts.project) return problems;
  const sub = needsSubProject(facts.project.projectId) ? facts.subProject : null;
  if (entry.overtimeHours !== null && !overtimeAllowed(facts.project, sub)) {
    problems.push({ path: `${prefix}overtimeHours`, message: msg.overtimeNotAllowed });
  }
  if (wholeHoursRequired(facts.project, sub)) {
    if (entry.hours !== null && !isWholeNumber(entry.hours)) {
      problems.push({ path: `${prefix}hours`, message: msg.mustBeWholeNumber(label.hours) });
    }
    if (entry.overtimeHours !== null && !isWholeNumber(entry.overtimeHours)) {
      problems.push({ path: `${prefix}overtimeHours`, message: msg.mustBeWholeNumber(label.overtimeHours) });
    }
  }
  return problems;
}

/** The rules of a batch beyond its shape; [] when it may be saved. */
export function timesheetBatchProblems(
  batch: TimesheetBatchRequest,
  facts: TimesheetRuleFacts,
): TimesheetProblem[] {
  const window = timesheetWindow(facts.today);
  const problems = projectProblems(batch.projectId, batch.subProjectId, facts);
  batch.items.forEach((item, index) =>
    problems.push(...entryProblems(item, `items.${index}.`, facts, window)),
  );
  const late = batch.items.some((item) => isLateEntry(item.date, facts.today));
  if (late && !batch.confirmLate) problems.push({ path: 'confirmLate', message: msg.notWithinCurrentWeek });
  return problems;
}

/** One row of an admin's timesheet history import: the entry's fields and its project. */
export interface TimesheetHistoryRow {
  readonly projectId: number;
  readonly subProjectId: number | null;
  readonly date: BusinessDate;
  readonly hours: string | null;
  readonly overtimeHours: string | null;
}

/**
 * The form's rules as they apply to past time an admin imports (decision 0287): the project and
 * sub-project known, overtime only where it applies, whole hours for owner 2; not the entry
 * window, the late-entry confirmation or the project's being open today. A day after today is no
 * history.
 */
export function timesheetHistoryProblems(
  row: TimesheetHistoryRow,
  facts: TimesheetRuleFacts,
): TimesheetProblem[] {
  const problems = projectProblems(row.projectId, row.subProjectId, facts, false);
  if (row.date > facts.today) problems.push({ path: 'date', message: msg.historyAfterToday(facts.today) });
  problems.push(...entryProblems(row, '', facts, null));
  return problems;
}

/** The entry as it was before an edit: its date and its hours as stored. */
export interface EntryBeforeEdit {
  readonly date: BusinessDate;
  readonly hours: string;
  readonly overtimeHours: string | null;
}

function changed(after: string | null, before: string | null): boolean {
  if (after === null || before === null) return after !== before;
  return compareDecimals(after, before) !== 0;
}

/**
 * Hours changed in the Edit Timesheet modal go in steps of 0.5 (spec §2 and §5); hours left as
 * they were entered (in steps of 0.1) are kept, so a comment can be corrected without them.
 */
function editStepProblems(edit: TimesheetEditRequest, before: EntryBeforeEdit | null): TimesheetProblem[] {
  const problems: TimesheetProblem[] = [];
  const fields = [
    ['hours', edit.hours, before ? before.hours : null, label.hours],
    ['overtimeHours', edit.overtimeHours, before ? before.overtimeHours : null, label.overtimeHours],
  ] as const;
  for (const [path, after, was, name] of fields) {
    const isChanged = before === null || changed(storedHoursOf(path, after), was);
    if (after !== null && isChanged && !isOnStep(after, EDIT_HOURS_STEP)) {
      problems.push({ path, message: msg.inStepsOf(name, EDIT_HOURS_STEP) });
    }
  }
  return problems;
}

function storedHoursOf(path: 'hours' | 'overtimeHours', value: string | null): string | null {
  return path === 'hours' ? storedHours(value) : value;
}

/**
 * The rules of an edit beyond its shape. `before` is the entry before the edit (null: judge it as
 * a new value): changing an entry dated before this week's Monday is a late entry too, and only
 * changed hours must be in the modal's steps of 0.5.
 */
export function timesheetEditProblems(
  edit: TimesheetEditRequest,
  facts: TimesheetRuleFacts,
  before: EntryBeforeEdit | null = null,
): TimesheetProblem[] {
  const window = timesheetWindow(facts.today);
  const problems = [
    ...projectProblems(edit.projectId, edit.subProjectId, facts),
    ...entryProblems(edit, '', facts, window),
    ...editStepProblems(edit, before),
  ];
  const late =
    isLateEntry(edit.date, facts.today) || (before !== null && isLateEntry(before.date, facts.today));
  if (late && !edit.confirmLate) problems.push({ path: 'confirmLate', message: msg.notWithinCurrentWeek });
  return problems;
}

/**
 * The rules of an admin's edit (the review's dialog) beyond its shape: the same project,
 * sub-project, overtime and whole-hour rules as the person's edit, over the review's dates (six
 * months back to two ahead, admin spec §5 and §9). The person's own limits do not apply to the
 * admin: the two-month window, the late-entry confirmation, the modal's steps of 0.5.
 */
export function adminTimesheetEditProblems(
  edit: {
    projectId: number;
    subProjectId: number | null;
    date: BusinessDate;
    hours: string | null;
    overtimeHours: string | null;
  },
  facts: TimesheetRuleFacts,
): TimesheetProblem[] {
  const window = monthWindow(facts.today, EXPENSE_MONTHS_BACK, EXPENSE_MONTHS_AHEAD);
  return [
    ...projectProblems(edit.projectId, edit.subProjectId, facts),
    ...entryProblems(edit, '', facts, window),
  ];
}

/** Hours as stored: '0' when a day has only overtime. */
export function storedHours(hours: string | null): string {
  return hours ?? '0';
}
