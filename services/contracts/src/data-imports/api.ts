import type { DataImportKind } from './data-imports';

/** One problem a dry run found: where (sheet, row as the spreadsheet numbers it, column) and what. */
export interface DataImportProblem {
  readonly sheet: string;
  readonly row: number;
  readonly column: string;
  readonly message: string;
}

/** What applying would do (or did): things created, changed, and found as the file says already. */
export interface DataImportCounts {
  readonly created: number;
  readonly changed: number;
  readonly unchanged: number;
}

/**
 * The 400 of a dry run that found problems (the error body's `details`): nothing is recorded or
 * kept; the file is corrected and uploaded again.
 */
export interface DataImportRefusal {
  readonly kind: DataImportKind;
  readonly fileName: string;
  readonly rows: number;
  readonly counts: DataImportCounts;
  /** The first MAX_LISTED_PROBLEMS problems, in file order. */
  readonly problems: readonly DataImportProblem[];
  readonly problemCount: number;
}

/** The dry run's answer (POST /api/admin/imports): nothing is written but the import's record. */
export interface DataImportReport {
  readonly importId: string;
  readonly kind: DataImportKind;
  readonly fileName: string;
  /** The project of a planned-hours file; null for other kinds. */
  readonly projectId: number | null;
  /** Data rows read (the heading row not counted). */
  readonly rows: number;
  readonly counts: DataImportCounts;
  /** The first MAX_LISTED_PROBLEMS problems, in file order. */
  readonly problems: readonly DataImportProblem[];
  readonly problemCount: number;
  /** No problems: the import may be applied. */
  readonly canApply: boolean;
}

export type DataImportState = 'checked' | 'applying' | 'applied' | 'failed';

/** GET /api/admin/imports/{id}: the report, and how far applying it has come. */
export interface DataImportStatus extends DataImportReport {
  readonly state: DataImportState;
  /** 0 to 100 while applying; 100 once applied. */
  readonly progress: number;
  /** What applying did, once applied. */
  readonly applied: DataImportCounts | null;
  /** A failed apply: where it stopped and what to do (never a server's own text). */
  readonly message: string | null;
  readonly checkedBy: string;
  readonly checkedAt: string;
}

/** POST /api/admin/imports/{id}/apply: the job that applies it (read its progress from the status). */
export interface DataImportApplyStarted {
  readonly importId: string;
  readonly jobId: string;
}

/** Stream `data-import-{importId}`: an admin uploaded a file and it was checked (a dry run). */
export interface DataImportChecked {
  readonly importId: string;
  readonly kind: DataImportKind;
  readonly fileName: string;
  /** Where the uploaded file is kept until it is applied. */
  readonly storageKey: string;
  readonly format: 'xlsx' | 'csv';
  /** SHA-256 of the file's bytes (hex). */
  readonly sha256: string;
  readonly projectId: number | null;
  readonly rows: number;
  readonly counts: DataImportCounts;
  readonly problemCount: number;
  readonly problems: readonly DataImportProblem[];
}

/** Stream `data-import-{importId}`: every row of the file was applied (its events carry the import id as correlation). */
export interface DataImportApplied {
  readonly importId: string;
  readonly counts: DataImportCounts;
}
