/** A cell as a spreadsheet holds it: text, a number, true/false, a date, or nothing. */
export type SheetCell = string | number | boolean | Date | null;

/**
 * One row of a file's first sheet, numbered as the spreadsheet numbers it (the headings are row 1):
 * what platform/files/sheet-rows.ts reads, and what a data import's rules check.
 */
export interface SheetRow {
  readonly sheet: string;
  readonly row: number;
  readonly cells: readonly SheetCell[];
  /** The columns (from 0) whose cell holds a formula (its cached result is in `cells`). */
  readonly formulas: readonly number[];
}
