import { Injectable } from '@nestjs/common';
import {
  TIMESHEET_HISTORY_IMPORT_COLUMNS,
  timesheetItemSchema,
  type DataImportProblem,
} from '@portal/contracts';
import { ImportTimesheetHistory, type TimesheetHistoryEntry } from '../../../timesheets';
import { keyId, parseRow } from '../../domain/row-fields';
import { cellId, cellText, dataRows, formulaProblems, KeysSeen, type ImportRow } from '../../domain/sheet';
import { cellBatchStep, CellBatches, type CellPlace } from '../cell-batches';
import type { ImportKind, ImportReading, ImportStep } from '../import-steps';

const H = TIMESHEET_HISTORY_IMPORT_COLUMNS;
type HistoryField = keyof typeof H;

/** Rows per ImportTimesheetHistory command: each person's months within it are one append each. */
export const HISTORY_ROWS_PER_STEP = 2000;

/** The Download Timesheet file's Value column (hours × rate) is derived: read past. */
const historyHeading = (heading: string): 'ignore' | 'unknown' =>
  heading.trim().toLowerCase() === 'value' ? 'ignore' : 'unknown';

/** Each field's column, for a refusal's `entries.{i}.{field}`. */
const COLUMNS: Readonly<Record<string, string>> = Object.fromEntries(
  (Object.keys(H) as HistoryField[]).map((field) => [field, H[field].heading]),
);

/**
 * Timesheet history (decision 0287): past entries, one a row, by staff id and project id. A row is
 * parsed by the timesheet form's own item rules (day, hours in their steps, activity), must not
 * repeat an earlier row's person, project, sub-project, day and activity, and is sent in
 * ImportTimesheetHistory batches, whose handler checks the people, projects and project rules.
 */
@Injectable()
export class TimesheetHistoryImport implements ImportKind {
  prepare(): Promise<ImportReading> {
    const step = (entries: readonly TimesheetHistoryEntry[], places: readonly CellPlace[]): ImportStep =>
      cellBatchStep({
        prefix: 'timesheet-history',
        list: 'entries',
        nameColumn: H.employeeId.heading,
        cells: entries,
        places,
        command: (caller, batch) => new ImportTimesheetHistory(caller, batch),
        created: () => true,
        countsOf: (decisions) => {
          const created = decisions.reduce((sum, d) => sum + d.events.length, 0);
          return { created, changed: 0, unchanged: entries.length - created };
        },
      });
    return Promise.resolve({
      async *steps(rows: AsyncIterable<ImportRow>, problem: (p: DataImportProblem) => void) {
        const keys = new KeysSeen();
        const batches = new CellBatches(step, HISTORY_ROWS_PER_STEP);
        for await (const { row, match, cell } of dataRows(rows, H, historyHeading)) {
          const found = formulaProblems(row, match.headings);
          const employeeId = keyId(cellId(cell('employeeId')), row, H.employeeId.heading);
          const projectId = keyId(cellId(cell('projectId')), row, H.projectId.heading);
          const subCell = cellId(cell('subProjectId'));
          const subProjectId = subCell === null ? null : keyId(subCell, row, H.subProjectId.heading);
          for (const id of [employeeId, projectId, subProjectId])
            if (id !== null && typeof id !== 'number') found.push(id);
          const parsed = parseRow(
            timesheetItemSchema,
            {
              date: cellText(cell('date')),
              hours: cellText(cell('hours')),
              overtimeHours: cellText(cell('overtimeHours')),
              comment: cellText(cell('comment')),
            },
            row,
            H,
            H.hours.heading,
          );
          if ('problems' in parsed) found.push(...parsed.problems);
          if (
            found.length > 0 ||
            'problems' in parsed ||
            typeof employeeId !== 'number' ||
            typeof projectId !== 'number' ||
            (subProjectId !== null && typeof subProjectId !== 'number')
          ) {
            found.forEach(problem);
            continue;
          }
          const { date, hours, overtimeHours, comment } = parsed.request;
          const key = [employeeId, projectId, subProjectId ?? '', date, comment.toLowerCase()].join('\u0000');
          const shown = `${date} (staff ID ${employeeId}, project ${projectId}, "${comment}")`;
          const repeated = keys.check(row, H.date.heading, key, shown);
          if (repeated) {
            problem(repeated);
            continue;
          }
          const entry = { employeeId, projectId, subProjectId, date, hours, overtimeHours, comment };
          const full = batches.add([entry], [{ row, column: H.employeeId.heading, columns: COLUMNS }]);
          if (full) yield full;
        }
        const rest = batches.rest();
        if (rest) yield rest;
      },
    });
  }
}
