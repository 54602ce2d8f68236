/**
 * Data imports (issue 25): a firm's existing clients, projects, roster and planned hours brought
 * from files an admin uploads (xlsx or CSV), checked first (a dry run), applied afterwards as a job.
 */
import { z } from 'zod';
import { documented, refuse, requestObject, anyValue, isBlank } from '../kernel/fields';
import { megabytes, MEGABYTE } from '../kernel/file-sizes';
import { textMessages } from '../kernel/text';
import { NOT_FOUND_ISSUE, optionalIdField } from '../kernel/ids';

/** What a file may bring, in the order a new firm brings it. */
export const DATA_IMPORT_KINDS = [
  'clients',
  'projects',
  'staff',
  'vehicles',
  'roster',
  'planned-hours',
  'timesheet-history',
] as const;
export type DataImportKind = (typeof DATA_IMPORT_KINDS)[number];

export const DATA_IMPORT_KIND_LABELS: Readonly<Record<DataImportKind, string>> = {
  clients: 'Clients (with contacts)',
  projects: 'Projects',
  staff: 'Staff',
  vehicles: 'Vehicles',
  roster: 'Roster (employee-roster.xlsx)',
  'planned-hours': 'Planned hours (PlannedHours.xlsx)',
  'timesheet-history': 'Timesheet history (past time entries)',
};

/** The largest file taken. */
export const MAX_DATA_IMPORT_BYTES = 50 * MEGABYTE;
/** The most data rows a file may hold (its heading row not counted). */
export const MAX_DATA_IMPORT_ROWS = 1_000_000;
/** What an xlsx (a zip) may unpack to, all its parts together. */
export const MAX_DATA_IMPORT_UNPACKED_BYTES = 1024 * MEGABYTE;
/** How many times its own size an xlsx may unpack to (a zip bomb unpacks to thousands). */
export const MAX_DATA_IMPORT_UNPACK_RATIO = 100;
/** The problems a dry run lists (the count says how many there were in all). */
export const MAX_LISTED_PROBLEMS = 1000;

/** The roster's mark of "may bill" (the export writes it; blank is "may not"). */
export const ROSTER_IMPORT_ALLOWED = 'Yes';

/** An import's id as the API names it: the UUID the upload was given. */
const IMPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const dataImportMessages = {
  noFile: 'Choose the file to upload.',
  notMultipart: 'Send the file as a form upload (multipart/form-data).',
  wrongField: 'Send the file in the field "file".',
  oneFile: 'Upload one file at a time.',
  empty: 'The file is empty.',
  wrongType: 'This is neither an Excel workbook (.xlsx) nor a CSV file.',
  tooLarge: `The file is larger than ${megabytes(MAX_DATA_IMPORT_BYTES)}.`,
  unreadable: 'The file could not be read; upload it again.',
  fileName: textMessages.fileName,
  notAWorkbook: 'The file starts like an Excel workbook but is not one: save it again as .xlsx.',
  zipBomb: `The workbook unpacks to far more than it weighs (over ${megabytes(MAX_DATA_IMPORT_UNPACKED_BYTES)} or ${MAX_DATA_IMPORT_UNPACK_RATIO} times its size): it is refused.`,
  tooManyRows: `The file has more than ${MAX_DATA_IMPORT_ROWS.toLocaleString('en-US')} rows.`,
  noHeadings: 'The file has no heading row.',
  noRows: 'The file has column headings but no rows.',
  unreadableAt: (row: number) => `The file could not be read at row ${row}: save it again and upload that.`,
  rowTooLong: (line: number) => `Row ${line} is longer than 64 KB.`,
  missingColumns: (columns: readonly string[]) => `Missing columns: ${columns.join(', ')}.`,
  unknownColumns: (columns: readonly string[]) =>
    `Unknown columns: ${columns.join(', ')}. Download the template for the columns this kind takes.`,
  repeatedColumn: (column: string) => `The column ${column} appears twice.`,
  formula: 'The cell holds a formula: paste its value instead.',
  refused: (count: number) =>
    `The file has ${count} problem${count === 1 ? '' : 's'}, listed by row and column: nothing was imported. Correct the file and upload it again.`,
  keyNeeded: (column: string) => `${column} must have a value: it says which row is whose.`,
  duplicateKey: (column: string, value: string, firstRow: number) =>
    `${column} ${value} is also on row ${firstRow}: each may appear once in a file.`,
  unknownReference: (what: string, value: string) => `No ${what} is called ${value}.`,
  ambiguousReference: (what: string, value: string) =>
    `Several ${what}s are called ${value}: rename one before importing.`,
  notAllowedMark: `Write ${ROSTER_IMPORT_ALLOWED} where the person may bill the project, or leave it blank.`,
  notAMonthHeading: (heading: string) => `${heading} is not a month heading (01-MM-YYYY).`,
  projectNeeded: 'Choose the project the planned hours are for.',
  notFound: (id: string) => `Import ${id} does not exist.`,
  hasProblems: (count: number) =>
    `The file has ${count} problem${count === 1 ? '' : 's'}: correct the file and upload it again.`,
  alreadyApplied: 'This import was applied already.',
  failedTooOften: 'Applying this import failed too often: upload the file again.',
  stoppedAt: (row: number) =>
    `The import stopped before row ${row}; the rows before it are applied. Apply again to go on from there.`,
} as const;

/** POST /api/admin/imports?kind=…[&projectId=…] (the file in the multipart field `file`). */
export const dataImportUploadQuerySchema = requestObject({
  kind: anyValue().transform((value, ctx): DataImportKind => {
    const found = DATA_IMPORT_KINDS.find((k) => k === value);
    return found ?? refuse(ctx, `Kind must be one of ${DATA_IMPORT_KINDS.join(', ')}`);
  }),
  /** The project planned hours are for (PlannedHours.xlsx does not name it). */
  projectId: optionalIdField('Project'),
}).superRefine((query, ctx) => {
  if (query.kind === 'planned-hours' && query.projectId === null)
    ctx.addIssue({ code: 'custom', path: ['projectId'], message: dataImportMessages.projectNeeded });
});
export type DataImportUploadQuery = z.output<typeof dataImportUploadQuerySchema>;

export const dataImportIdParamSchema = requestObject({
  id: documented(
    anyValue().transform((value, ctx): string =>
      typeof value === 'string' && IMPORT_ID.test(value)
        ? value
        : refuse(ctx, dataImportMessages.notFound(isBlank(value) ? '' : String(value)), NOT_FOUND_ISSUE),
    ),
    { type: 'string', description: "The import's id (a UUID).", required: true },
  ),
});

export const dataImportKindParamSchema = requestObject({
  kind: anyValue().transform((value, ctx): DataImportKind => {
    const found = DATA_IMPORT_KINDS.find((k) => k === value);
    return found ?? refuse(ctx, `Kind must be one of ${DATA_IMPORT_KINDS.join(', ')}`);
  }),
});
