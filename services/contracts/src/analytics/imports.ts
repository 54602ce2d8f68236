/**
 * Analytics imports (issue 11): the vendors' own CSV exports an admin uploads, Azure Cost
 * Management's cost details and Microsoft 365's user reports, kept as events with their figures
 * aggregated. Money travels as decimal strings, never numbers.
 */
import { megabytes, MEGABYTE } from '../kernel/file-sizes';
import { textMessages } from '../kernel/text';

/** The largest CSV the portal reads (a month of an enterprise's cost details is a few MB). */
export const MAX_IMPORT_BYTES = 20 * MEGABYTE;
/**
 * The longest row (a record: a quoted line break does not end it), in bytes. A vendor's row is a
 * few hundred bytes to a few KB; the CSV parser reads a longer one again with every chunk that
 * adds to it, so a 20 MB file of one row would take hours.
 */
export const MAX_IMPORT_ROW_BYTES = 64 * 1024;

/** One service's cost in one month and currency, summed exactly from the file's rows. */
export interface AzureCostLine {
  /** 'YYYY-MM' */
  readonly month: string;
  readonly service: string;
  readonly currency: string;
  /** Decimal string, exact sum of the rows (no rounding). */
  readonly cost: string;
}

/** Stream `azure-cost-imports`: an admin uploaded a cost export. */
export interface AzureCostImported {
  readonly importId: string;
  readonly fileName: string;
  /** Data rows read from the file. */
  readonly rowCount: number;
  /** First and last month the file covers ('YYYY-MM'). */
  readonly firstMonth: string;
  readonly lastMonth: string;
  /** Which of the documented columns the file used, e.g. { date: 'UsageDate', ... }. */
  readonly columns: Readonly<Record<'date' | 'service' | 'cost' | 'currency', string>>;
  readonly costs: readonly AzureCostLine[];
}

export interface LicenceCount {
  readonly sku: string;
  readonly assigned: number;
}

/** Which Microsoft 365 admin center export a file is. */
export type Office365ReportKind = 'active-user-detail' | 'active-users';

/** Stream `office365-imports`: an admin uploaded a Microsoft 365 users export. */
export interface Office365UsageImported {
  readonly importId: string;
  readonly fileName: string;
  readonly kind: Office365ReportKind;
  /** 'YYYY-MM-DD': the report's refresh date, or the upload's day when the file has none. */
  readonly reportDate: string;
  /** Users listed (deleted ones left out). */
  readonly users: number;
  readonly licensedUsers: number;
  /** Users with any last activity date; null when the export has no activity columns. */
  readonly activeUsers: number | null;
  readonly licences: readonly LicenceCount[];
}

export interface ImportOutcome {
  readonly importId: string;
  readonly rowCount: number;
  /** The log position of the import ("commit/prepare"); the answer waits until the read models show it. */
  readonly position: string | null;
}

/** Who uploaded an import and when, as the lists of imports show it. */
interface ImportStamp {
  readonly importedAt: string;
  readonly importedBy: string;
}

export interface AzureImportView
  extends
    Pick<AzureCostImported, 'importId' | 'fileName' | 'rowCount' | 'firstMonth' | 'lastMonth'>,
    ImportStamp {}

/** GET /api/admin/analytics/azure-cost: the figures in force (a later upload of a month replaces it). */
export interface AzureCostAnswer {
  readonly imports: readonly AzureImportView[];
  /** Every month and service with figures (the filters' choices). */
  readonly months: readonly string[];
  readonly services: readonly string[];
  /** The lines the filters select, by month then service. */
  readonly costs: readonly AzureCostLine[];
  /** Per currency, the exact total of `costs`. */
  readonly totals: readonly { readonly currency: string; readonly cost: string }[];
}

/** A Microsoft 365 report as listed: its figures without the licences (the selected one's come apart). */
export interface Office365ImportView extends Omit<Office365UsageImported, 'licences'>, ImportStamp {}

/** GET /api/admin/analytics/office365: every report (newest first) and the chosen one's licences. */
export interface Office365Answer {
  readonly imports: readonly Office365ImportView[];
  /** The report shown: the one asked for, else the newest; null when none was uploaded. */
  readonly selected: Office365ImportView | null;
  readonly licences: readonly LicenceCount[];
}

/** The words of the imports: refusals a person reads beside the upload field. */
export const importMessages = {
  noFile: 'Choose the CSV file to upload.',
  notMultipart: 'Send the file as a form upload (multipart/form-data).',
  wrongField: 'Send the file in the field "file".',
  oneFile: 'Upload one file at a time.',
  empty: 'The file is empty.',
  wrongType: 'This is not a CSV file: export the report as CSV and upload that.',
  tooLarge: `The file is larger than ${megabytes(MAX_IMPORT_BYTES)}.`,
  unreadable: 'The file could not be read; upload it again.',
  fileName: textMessages.fileName,
  noRows: 'The file has column headings but no rows.',
  notAzure: (missing: readonly string[]) =>
    `This file is not an Azure cost export: missing columns ${missing.join(', ')}.`,
  notOffice365: (missing: readonly string[]) =>
    `This file is not a Microsoft 365 users export: missing columns ${missing.join(', ')}.`,
  badCsv: (line: number) => `The file is not valid CSV (row ${line}).`,
  rowTooLong: (line: number) =>
    `Row ${line} is longer than ${MAX_IMPORT_ROW_BYTES / 1024} KB: this is not a cost or users export.`,
  badDate: (line: number, value: string) =>
    `Row ${line}: the date '${value}' is not a date (YYYY-MM-DD, MM/DD/YYYY or YYYYMMDD).`,
  badCost: (line: number, value: string) => `Row ${line}: the cost '${value}' is not a number.`,
  blankService: (line: number) => `Row ${line}: the service name is empty.`,
  notAnImport: (id: string) => `Office 365 report ${id} does not exist.`,
} as const;
