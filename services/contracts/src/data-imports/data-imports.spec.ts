// Fixed dates: the history rule is given its "today" as a fact; no clock is read.
import {
  MAX_DATA_IMPORT_BYTES,
  MAX_DATA_IMPORT_ROWS,
  MAX_DATA_IMPORT_UNPACK_RATIO,
  MAX_DATA_IMPORT_UNPACKED_BYTES,
} from './data-imports';
import { timesheetHistoryProblems } from '../timesheets/rules';
import { timesheetMessages } from '../timesheets/messages';

/*
 * The limits the tests reach at MAX and MAX + 1 (data-imports.int-spec: bytes and the zip's ratio;
 * sheet-rows.spec: rows) are the issue's own numbers.
 */
describe('data import limits', () => {
  it('are 50 MB (in bytes), 1,000,000 rows, and a workbook unpacking to at most 1 GB or 100 times its size', () => {
    expect(MAX_DATA_IMPORT_BYTES).toBe(50 * 1024 * 1024);
    expect(MAX_DATA_IMPORT_ROWS).toBe(1_000_000);
    expect(MAX_DATA_IMPORT_UNPACKED_BYTES).toBe(1024 * 1024 * 1024);
    expect(MAX_DATA_IMPORT_UNPACK_RATIO).toBe(100);
  });
});

describe('timesheet history rules', () => {
  const today = '2026-11-29';
  const project = { projectId: 12, name: 'Pipeline', ownerId: 1, isActive: false };
  const facts = { project, subProject: null, today };
  const row = { projectId: 12, subProjectId: null, hours: '7.5', overtimeHours: null };

  it('take a day years back and a project closed since, but not a day after today', () => {
    expect(timesheetHistoryProblems({ ...row, date: '2019-03-04' }, facts)).toEqual([]);
    expect(timesheetHistoryProblems({ ...row, date: today }, facts)).toEqual([]);
    expect(timesheetHistoryProblems({ ...row, date: '2026-11-30' }, facts)).toEqual([
      { path: 'date', message: timesheetMessages.historyAfterToday(today) },
    ]);
  });

  it('keep the project rules: overtime where the project has it, whole hours for the second owner', () => {
    expect(timesheetHistoryProblems({ ...row, date: today, overtimeHours: '1' }, facts)).toEqual([
      { path: 'overtimeHours', message: timesheetMessages.overtimeNotAllowed },
    ]);
    const second = { ...facts, project: { ...project, ownerId: 2 } };
    expect(timesheetHistoryProblems({ ...row, date: today }, second).map((p) => p.path)).toEqual(['hours']);
  });
});
