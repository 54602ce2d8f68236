import type { RosterMatrix } from '@portal/contracts';
import { loadExcelJs } from '../../../platform/files/exceljs';
import type { Writable } from 'node:stream';

/** The spec's employee-roster.xlsx: its name, its one sheet, and the two columns before the projects. */
export const ROSTER_FILE_NAME = 'employee-roster.xlsx';
export const ROSTER_SHEET_NAME = 'Sheet 1';
export const ROSTER_LEADING_HEADINGS = ['Employee Name', 'Company'] as const;
export const ROSTER_ALLOWED_MARK = 'Yes';

/**
 * The sheet's lines (pure): the headings (Employee Name, Company, one per project), then one line
 * per person: name, their owner's name, and 'Yes' under each project they may bill (else blank).
 */
export function rosterSheetLines(matrix: RosterMatrix): (string | null)[][] {
  const ownerName = new Map(matrix.owners.map((o) => [o.ownerId, o.name]));
  const headings = [...ROSTER_LEADING_HEADINGS, ...matrix.projects.map((p) => p.name)];
  const rows = matrix.people.map((person, i) => {
    const cells: (string | null)[] = [person.name, ownerName.get(person.ownerId) ?? null];
    const allowed = new Set(matrix.allowed[i]);
    matrix.projects.forEach((_, j) => cells.push(allowed.has(j) ? ROSTER_ALLOWED_MARK : null));
    return cells;
  });
  return [headings, ...rows];
}

/** Streams the lines to `out` as an .xlsx, row by row, headings bold and frozen with the name column. */
export async function writeRosterWorkbook(lines: readonly (string | null)[][], out: Writable): Promise<void> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(ROSTER_SHEET_NAME, {
    views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }],
  });
  sheet.columns = (lines[0] ?? []).map((_, i) => ({ width: i < ROSTER_LEADING_HEADINGS.length ? 28 : 16 }));
  lines.forEach((line, index) => {
    const row = sheet.addRow(line);
    if (index === 0) row.font = { bold: true };
    row.commit();
  });
  sheet.commit();
  await workbook.commit();
}
