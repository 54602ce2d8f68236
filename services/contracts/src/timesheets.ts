import { z } from 'zod';
import {
  COMMENT_MAX_LENGTH,
  OVERTIME_PROJECT_IDS,
  SECOND_ORGANISATION_OWNER_ID,
  TIMESHEET_MONTHS_AHEAD,
  TIMESHEET_MONTHS_BACK,
  UMBRELLA_PROJECT_ID,
} from './constants';
import {
  isBusinessDate,
  isBusinessMonth,
  isLateEntry,
  isWithin,
  monthWindow,
  type BusinessDate,
  type DateWindow,
} from './dates';
import { anyValue, endNotBeforeStart, isBlank, sortByField, sortDirectionField } from './fields';
import { timesheetFieldLabels as label, timesheetMessages as msg } from './messages';
import { decimalPlaces, isWholeNumber, normaliseDecimal, parseDecimal } from './money';

/**
 * Timesheet requests, responses, event payloads and rules, shared by the API and the web form.
 * Validation runs in two steps everywhere: the zod schema checks the shape (and every rule that
 * needs nothing else), then `timesheetBatchProblems` / `timesheetEditProblems` check the rules
 * that depend on the project's facts and on today's date.
 */

export const MAX_HOURS_PER_DAY = 24;

// ---------------------------------------------------------------------------------------------
// Field parsers

/** Any input; a missing key arrives as null, so every field parser sees absent values. */

function parseId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim()) && Number(value) > 0) return Number(value);
  return null;
}

/** A required positive integer id ('Project must have a value'). */
export function idField(field: string, missingMessage = msg.mustHaveValue(field)) {
  return anyValue().transform((value, ctx): number => {
    if (isBlank(value) || value === 0 || value === '0') {
      ctx.addIssue({ code: 'custom', message: missingMessage });
      return z.NEVER;
    }
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a valid id` });
      return z.NEVER;
    }
    return id;
  });
}

/** An optional id: blank or 0 mean none (the old client sent 0 for "no sub-project"). */
export function optionalIdField(field: string) {
  return anyValue().transform((value, ctx): number | null => {
    if (isBlank(value) || value === 0 || value === '0') return null;
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a valid id` });
      return z.NEVER;
    }
    return id;
  });
}

/**
 * Hours as a decimal string or a number; blank means not given (null). A given value must be a
 * number greater than 0, at most 24 and have at most 2 decimals; it comes out as a normalised
 * decimal string ('7.50' -> '7.5').
 */
export function hoursField(field: string) {
  return anyValue().transform((value, ctx): string | null => {
    if (isBlank(value)) return null;
    const parsed = parseDecimal(value);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: msg.mustBeNumber(field) });
      return z.NEVER;
    }
    if (parsed.lte(0)) {
      ctx.addIssue({ code: 'custom', message: msg.mustBeGreaterThanZero(field) });
      return z.NEVER;
    }
    if (parsed.gt(MAX_HOURS_PER_DAY)) {
      ctx.addIssue({ code: 'custom', message: msg.atMostHoursPerDay(field, MAX_HOURS_PER_DAY) });
      return z.NEVER;
    }
    if (decimalPlaces(parsed) > 2) {
      ctx.addIssue({ code: 'custom', message: msg.atMostTwoDecimals(field) });
      return z.NEVER;
    }
    return normaliseDecimal(parsed);
  });
}

export function dateField(field: string) {
  return anyValue().transform((value, ctx): BusinessDate => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: msg.mustHaveValue(field) });
      return z.NEVER;
    }
    if (typeof value !== 'string' || !isBusinessDate(value.trim())) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a date (YYYY-MM-DD)` });
      return z.NEVER;
    }
    return value.trim();
  });
}

export function monthField(field: string) {
  return anyValue().transform((value, ctx): string => {
    if (typeof value !== 'string' || !isBusinessMonth(value.trim())) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a month (YYYY-MM)` });
      return z.NEVER;
    }
    return value.trim();
  });
}

const commentField = anyValue().transform((value, ctx): string => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (value !== undefined && value !== null && typeof value !== 'string') {
    ctx.addIssue({ code: 'custom', message: `${label.comment} must be text` });
    return z.NEVER;
  }
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: msg.mustHaveValue(label.comment) });
    return z.NEVER;
  }
  if (text.length > COMMENT_MAX_LENGTH) {
    ctx.addIssue({ code: 'custom', message: msg.commentTooLong });
    return z.NEVER;
  }
  return text;
});

const confirmLateField = anyValue().transform((value): boolean => value === true || value === 'true');

/** Each day needs hours or overtime hours ('Please fill in your hours'). */
function requireSomeHours(
  item: { hours: string | null; overtimeHours: string | null },
  ctx: z.RefinementCtx,
): void {
  if (item.hours === null && item.overtimeHours === null) {
    ctx.addIssue({ code: 'custom', path: ['hours'], message: msg.fillInYourHours });
  }
}

/** Only umbrella project 45 has sub-projects; any other project's sub-project is reset (admin spec §4). */
function dropSubProjectOutsideUmbrella<T extends { projectId: number; subProjectId: number | null }>(
  request: T,
): T {
  return request.projectId === UMBRELLA_PROJECT_ID ? request : { ...request, subProjectId: null };
}

// ---------------------------------------------------------------------------------------------
// Requests

export const timesheetItemSchema = z
  .object({
    date: dateField(label.date),
    hours: hoursField(label.hours),
    overtimeHours: hoursField(label.overtimeHours),
    comment: commentField,
  })
  .superRefine(requireSomeHours);
export type TimesheetItem = z.output<typeof timesheetItemSchema>;

/** POST /api/timesheets */
export const timesheetBatchSchema = z
  .object({
    projectId: idField(label.projectId, msg.projectRequired),
    subProjectId: optionalIdField(label.subProjectId),
    items: z.array(timesheetItemSchema, { error: msg.noDaysChosen }).min(1, { error: msg.noDaysChosen }),
    confirmLate: confirmLateField,
  })
  .superRefine((batch, ctx) => {
    const seen = new Set<string>();
    batch.items.forEach((item, index) => {
      if (seen.has(item.date)) {
        ctx.addIssue({ code: 'custom', path: ['items', index, 'date'], message: msg.duplicateDate });
      }
      seen.add(item.date);
    });
  })
  .transform(dropSubProjectOutsideUmbrella);
export type TimesheetBatchRequest = z.output<typeof timesheetBatchSchema>;
export type TimesheetBatchInput = z.input<typeof timesheetBatchSchema>;

/** PUT /api/timesheets/:id */
export const timesheetEditSchema = z
  .object({
    projectId: idField(label.projectId, msg.projectRequired),
    subProjectId: optionalIdField(label.subProjectId),
    date: dateField(label.date),
    hours: hoursField(label.hours),
    overtimeHours: hoursField(label.overtimeHours),
    comment: commentField,
    version: z.coerce
      .number({ error: msg.mustHaveValue(label.version) })
      .int({ error: msg.mustHaveValue(label.version) })
      .positive({ error: msg.mustHaveValue(label.version) }),
    confirmLate: confirmLateField,
  })
  .superRefine(requireSomeHours)
  .transform(dropSubProjectOutsideUmbrella);
export type TimesheetEditRequest = z.output<typeof timesheetEditSchema>;
export type TimesheetEditInput = z.input<typeof timesheetEditSchema>;

/** DELETE /api/timesheets/:id?version= */
export const timesheetWithdrawQuerySchema = z.object({
  version: z.coerce
    .number({ error: msg.mustHaveValue(label.version) })
    .int({ error: msg.mustHaveValue(label.version) })
    .positive({ error: msg.mustHaveValue(label.version) }),
});
export type TimesheetWithdrawQuery = z.output<typeof timesheetWithdrawQuerySchema>;

export const TIMESHEET_SORT_FIELDS = ['date', 'activity'] as const;
export type TimesheetSortField = (typeof TIMESHEET_SORT_FIELDS)[number];

/** GET /api/timesheets */
export const timesheetListQuerySchema = z
  .object({
    start: dateField(label.start),
    end: dateField(label.end),
    projectId: optionalIdField(label.projectId),
    sortBy: sortByField(TIMESHEET_SORT_FIELDS, 'Sort by must be date or activity'),
    direction: sortDirectionField(),
  })
  .superRefine(endNotBeforeStart(msg.endBeforeStart));
export type TimesheetListQuery = z.output<typeof timesheetListQuerySchema>;

/** POST /api/ledgers/me/:month/verify */
export const verifyPeriodSchema = z.object({
  projectId: idField(label.projectId, msg.projectRequired),
});
export type VerifyPeriodRequest = z.output<typeof verifyPeriodSchema>;

export const ledgerMonthSchema = monthField(label.month);

// ---------------------------------------------------------------------------------------------
// Responses

export interface TimesheetRow {
  readonly id: string;
  readonly date: BusinessDate;
  readonly projectId: number;
  readonly projectName: string;
  readonly subProjectId: number | null;
  readonly subProjectName: string | null;
  /** The activity comment (the spec's "activity"); the table shows '(empty)' when blank. */
  readonly activity: string;
  readonly hours: string;
  readonly overtimeHours: string | null;
  readonly comment: string;
  /** hours x 200 truncated to 2 decimals. */
  readonly value: string;
  readonly isApproved: boolean;
  readonly verifiedAt: string | null;
  readonly version: number;
}

export interface TimesheetTotals {
  readonly hours: string;
  readonly overtimeHours: string;
  /** Sum of the rows' values (each already truncated), 2 decimals. */
  readonly value: string;
}

export interface TimesheetList {
  readonly rows: readonly TimesheetRow[];
  readonly totals: TimesheetTotals;
  /** The person has an active billable project with overtime (owner 2, or 61/64). */
  readonly showOvertime: boolean;
}

export interface SubmitTimesheetResponse {
  readonly entryIds: readonly string[];
  readonly position: string | null;
}

export interface TimesheetCommandResponse {
  readonly position: string | null;
}

export interface LedgerLockResponse {
  readonly locked: true;
  /** The project's name, for '{project} is not editable'. */
  readonly project: string;
  readonly projectId: number;
  readonly month: string;
  readonly verifiedAt: string;
  /** '{project} is not editable'. */
  readonly message: string;
}

// ---------------------------------------------------------------------------------------------
// Events on `ledger-{employeeId}-{yyyy-mm}`

export const TIMESHEET_EVENT_TYPES = [
  'TimesheetSubmitted',
  'TimesheetEntryCorrected',
  'TimesheetEntryWithdrawn',
  'PeriodVerified',
  'TimesheetsApproved',
] as const;

export interface TimesheetEntryFields {
  readonly projectId: number;
  readonly subProjectId: number | null;
  readonly date: BusinessDate;
  /** Decimal string; '0' when only overtime was recorded. */
  readonly hours: string;
  readonly overtimeHours: string | null;
  readonly comment: string;
}

export interface TimesheetSubmittedData extends TimesheetEntryFields {
  readonly entryId: string;
  readonly employeeId: number;
  readonly lateEntry: boolean;
  /** 1 for a new entry; the next version when the entry moved here from another month. */
  readonly version: number;
  /** Set when an edit moved the entry here from another month's ledger. */
  readonly movedFrom: { readonly month: string; readonly before: TimesheetEntryFields } | null;
}

export interface TimesheetEntryCorrectedData {
  readonly entryId: string;
  readonly employeeId: number;
  readonly before: TimesheetEntryFields;
  readonly after: TimesheetEntryFields;
  /** The entry's version after the correction. */
  readonly version: number;
  readonly lateEntry: boolean;
}

export interface TimesheetEntryWithdrawnData {
  readonly entryId: string;
  readonly employeeId: number;
  readonly before: TimesheetEntryFields;
  readonly lateEntry: boolean;
  /** Set when the entry was withdrawn because an edit moved it to another month. */
  readonly movedTo: string | null;
}

export interface PeriodVerifiedData {
  readonly employeeId: number;
  readonly projectId: number;
  readonly month: string;
}

export interface TimesheetsApprovedData {
  readonly entryIds: readonly string[];
}

// ---------------------------------------------------------------------------------------------
// Rules that need the project's facts and today's date (the same on web and server)

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
): TimesheetProblem[] {
  const problems: TimesheetProblem[] = [];
  if (!facts.project || facts.project.projectId !== projectId) {
    problems.push({ path: 'projectId', message: msg.projectRequired });
  } else if (!facts.project.isActive) {
    problems.push({ path: 'projectId', message: msg.projectInactive });
  }
  if (needsSubProject(projectId)) {
    if (subProjectId === null) {
      problems.push({ path: 'subProjectId', message: msg.subProjectRequired });
    } else if (
      !facts.subProject ||
      facts.subProject.projectId !== subProjectId ||
      !facts.subProject.isActive ||
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
  window: DateWindow,
): TimesheetProblem[] {
  const problems: TimesheetProblem[] = [];
  if (!isWithin(entry.date, window)) {
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

/**
 * The rules of an edit beyond its shape. `originalDate` is the entry's date before the edit:
 * changing an entry dated before this week's Monday is a late entry too.
 */
export function timesheetEditProblems(
  edit: TimesheetEditRequest,
  facts: TimesheetRuleFacts,
  originalDate: BusinessDate | null = null,
): TimesheetProblem[] {
  const window = timesheetWindow(facts.today);
  const problems = [
    ...projectProblems(edit.projectId, edit.subProjectId, facts),
    ...entryProblems(edit, '', facts, window),
  ];
  const late =
    isLateEntry(edit.date, facts.today) || (originalDate !== null && isLateEntry(originalDate, facts.today));
  if (late && !edit.confirmLate) problems.push({ path: 'confirmLate', message: msg.notWithinCurrentWeek });
  return problems;
}

/** Hours as stored: '0' when a day has only overtime. */
export function storedHours(hours: string | null): string {
  return hours ?? '0';
}
