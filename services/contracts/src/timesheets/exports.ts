import { z } from 'zod';
import { UMBRELLA_PROJECT_ID, type BillingCycle } from '../kernel/constants';
import { isBusinessDate, type BusinessDate } from '../kernel/dates';
import { anyValue, endNotBeforeStart, isBlank, refuse, requestObject } from '../kernel/fields';
import { optionalIdField, queryIdField } from '../kernel/ids';
import { isMonthlyCycle, periodMatching } from '../periods/billing-cycles';
import { overtimeAllowed } from './rules';

/**
 * Download Timesheet (contractor spec §2, §5; admin spec §2): the types of file a person or an
 * admin may ask for, which of them a project offers, the request of
 * GET /api/timesheets/export and the file's name. Web and server share these rules.
 */

export const TIMESHEET_DOWNLOAD_TYPES = [
  'Client Timesheet',
  'Internal Timesheet (Non-billable)',
  'OT Timesheet - Monthly',
  'OT Timesheet - Biweekly',
] as const;
export type TimesheetDownloadType = (typeof TIMESHEET_DOWNLOAD_TYPES)[number];

/** The spec's default choice. */
export const DEFAULT_TIMESHEET_DOWNLOAD_TYPE: TimesheetDownloadType = 'Client Timesheet';

const OVERTIME_TYPES: readonly TimesheetDownloadType[] = [
  'OT Timesheet - Monthly',
  'OT Timesheet - Biweekly',
];

export function isOvertimeDownloadType(type: TimesheetDownloadType): boolean {
  return OVERTIME_TYPES.includes(type);
}

/** Which types bill the time (a Value column and total); the internal one does not. */
export function isBillableDownloadType(type: TimesheetDownloadType): boolean {
  return type !== 'Internal Timesheet (Non-billable)';
}

export const timesheetExportMessages = {
  dateRequired: 'Date is Required',
  projectRequired: 'Project is Required',
  typeRequired: 'Type is required.',
  typeUnknown: `Type must be one of ${TIMESHEET_DOWNLOAD_TYPES.join(', ')}`,
  overtimeTypeNotAllowed: (type: string, project: string) =>
    `${type} is only available for projects with overtime; ${project} has none.`,
  othersTimesheets: 'Only admins can download the timesheets of someone else.',
  startFormat: 'Start must be a date (YYYY-MM-DD)',
  endFormat: 'End must be a date (YYYY-MM-DD)',
  endBeforeStart: 'End must not be before Start',
} as const;

type OwnerFacts = { readonly projectId: number; readonly ownerId: number };

/**
 * Overtime applies to a download for the project when its time may carry overtime: owner 2 or
 * projects 61 / 64; for the umbrella project 45, when one of its sub-projects has overtime (the
 * same rule as the timesheet screen's Overtime columns).
 */
export function overtimeAppliesToDownload(project: OwnerFacts, subProjects: readonly OwnerFacts[]): boolean {
  if (overtimeAllowed(project, null)) return true;
  return (
    project.projectId === UMBRELLA_PROJECT_ID && subProjects.some((sub) => overtimeAllowed(project, sub))
  );
}

/** The types a person and project may choose, in the spec's order: the OT types only where overtime applies. */
export function timesheetDownloadTypes(overtimeApplies: boolean): TimesheetDownloadType[] {
  return TIMESHEET_DOWNLOAD_TYPES.filter((type) => overtimeApplies || !isOvertimeDownloadType(type));
}

/** A required 'YYYY-MM-DD' of a download request: blank says 'Date is Required', else `format`. */
export function requiredDownloadDate(format: string) {
  return anyValue().transform((value, ctx): BusinessDate => {
    if (isBlank(value)) return refuse(ctx, timesheetExportMessages.dateRequired);
    return typeof value === 'string' && isBusinessDate(value.trim()) ? value.trim() : refuse(ctx, format);
  });
}

/** A download request's first and last day (`start`, `end`), each required and a 'YYYY-MM-DD'. */
export function downloadRangeFields() {
  return {
    start: requiredDownloadDate(timesheetExportMessages.startFormat),
    end: requiredDownloadDate(timesheetExportMessages.endFormat),
  };
}

/** A download request's range check: its end not before its start. */
export const downloadEndNotBeforeStart = endNotBeforeStart(timesheetExportMessages.endBeforeStart);

/** The type of a download request: blank says 'Type is required.'; an unknown one lists the types. */
export function downloadTypeField() {
  return anyValue().transform((value, ctx): TimesheetDownloadType => {
    if (isBlank(value)) return refuse(ctx, timesheetExportMessages.typeRequired);
    const type = typeof value === 'string' ? value.trim() : '';
    return (TIMESHEET_DOWNLOAD_TYPES as readonly string[]).includes(type)
      ? (type as TimesheetDownloadType)
      : refuse(ctx, timesheetExportMessages.typeUnknown);
  });
}

/** GET /api/timesheets/export?projectId&start&end&type[&employeeId]: each missing field named on its own. */
export const timesheetExportQuerySchema = requestObject({
  projectId: queryIdField('Project', timesheetExportMessages.projectRequired),
  ...downloadRangeFields(),
  type: downloadTypeField(),
  employeeId: optionalIdField('Employee'),
}).superRefine(downloadEndNotBeforeStart);
export type TimesheetExportQuery = z.output<typeof timesheetExportQuerySchema>;

/** What the web sends (`employeeId` only when an admin downloads someone else's time). */
export interface TimesheetExportRequest {
  readonly projectId: number;
  readonly start: BusinessDate;
  readonly end: BusinessDate;
  readonly type: TimesheetDownloadType;
  readonly employeeId?: number;
}

// ---------------------------------------------------------------------------------------------
// The file's name

const MAX_NAME_PART = 80;

/**
 * A person's or project's name as part of a file name: letters (accents kept), digits, spaces and
 * `( ) . , & ' _ -`; anything else (slashes, colons, quotes, control characters) becomes a space,
 * runs of spaces become one, leading and trailing dots and spaces go. Empty: `fallback`.
 */
export function safeFileNamePart(text: string, fallback: string): string {
  const plain = text
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ().,&'_-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, MAX_NAME_PART)
    .trim();
  return plain === '' ? fallback : plain;
}

/**
 * How the period shows in the name: the month key ('2026-11') when [start, end] is exactly a
 * period of a monthly cycle; otherwise the days ('2026-11-21 to 2026-11-27').
 */
export function exportPeriodPart(cycle: BillingCycle, start: BusinessDate, end: BusinessDate): string {
  const period = periodMatching(cycle, start, end);
  return period && isMonthlyCycle(cycle) ? period.key : `${start} to ${end}`;
}

/** 'Carlos Contractor - Pipeline Integrity Review - 2026-11.xlsx' */
export function timesheetExportFileName(person: string, project: string, periodPart: string): string {
  return `${safeFileNamePart(person, 'Person')} - ${safeFileNamePart(project, 'Project')} - ${periodPart}.xlsx`;
}
