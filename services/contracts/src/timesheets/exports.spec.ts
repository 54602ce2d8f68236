// Fixed dates: the export query and file names of given dates.
import {
  exportPeriodPart,
  overtimeAppliesToDownload,
  safeFileNamePart,
  timesheetDownloadTypes,
  timesheetExportFileName,
  timesheetExportQuerySchema,
} from './exports';

const project = (projectId: number, ownerId = 1) => ({ projectId, ownerId });
const SUB_PROJECTS = [project(12), project(14), project(61), project(64), project(21, 2)];

describe('Download Timesheet types', () => {
  it('offers the OT types only where overtime applies', () => {
    expect(timesheetDownloadTypes(false)).toEqual(['Client Timesheet', 'Internal Timesheet (Non-billable)']);
    expect(timesheetDownloadTypes(true)).toEqual([
      'Client Timesheet',
      'Internal Timesheet (Non-billable)',
      'OT Timesheet - Monthly',
      'OT Timesheet - Biweekly',
    ]);
  });

  it('overtime applies to owner 2 and projects 61 and 64, not to other owner-1 projects', () => {
    expect(overtimeAppliesToDownload(project(64), SUB_PROJECTS)).toBe(true);
    expect(overtimeAppliesToDownload(project(61), [])).toBe(true);
    expect(overtimeAppliesToDownload(project(21, 2), [])).toBe(true);
    expect(overtimeAppliesToDownload(project(12), SUB_PROJECTS)).toBe(false);
    expect(overtimeAppliesToDownload(project(18), SUB_PROJECTS)).toBe(false);
  });

  it('the umbrella project 45 has overtime when one of its sub-projects has', () => {
    expect(overtimeAppliesToDownload(project(45), SUB_PROJECTS)).toBe(true);
    expect(overtimeAppliesToDownload(project(45), [project(12), project(14)])).toBe(false);
    expect(overtimeAppliesToDownload(project(45), [])).toBe(false);
  });
});

describe('GET /api/timesheets/export query', () => {
  const problems = (query: Record<string, string>) => {
    const result = timesheetExportQuerySchema.safeParse(query);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('names each missing field with the spec’s words', () => {
    expect(problems({})).toEqual([
      ['projectId', 'Project is Required'],
      ['start', 'Date is Required'],
      ['end', 'Date is Required'],
      ['type', 'Type is required.'],
    ]);
    expect(problems({ projectId: '0', start: ' ', end: '2026-11-30', type: '' })).toEqual([
      ['projectId', 'Project is Required'],
      ['start', 'Date is Required'],
      ['type', 'Type is required.'],
    ]);
  });

  it('refuses unknown types, bad dates and reversed ranges', () => {
    expect(problems({ projectId: '12', start: '2026-02-30', end: 'soon', type: 'Client Timesheet' })).toEqual(
      [
        ['start', 'Start must be a date (YYYY-MM-DD)'],
        ['end', 'End must be a date (YYYY-MM-DD)'],
      ],
    );
    expect(problems({ projectId: '12', start: '2026-11-01', end: '2026-11-30', type: 'Invoice' })).toEqual([
      [
        'type',
        'Type must be one of Client Timesheet, Internal Timesheet (Non-billable), OT Timesheet - Monthly, OT Timesheet - Biweekly',
      ],
    ]);
    expect(
      problems({ projectId: '12', start: '2026-11-30', end: '2026-11-01', type: 'Client Timesheet' }),
    ).toEqual([['end', 'End must not be before Start']]);
    expect(
      problems({ projectId: '12', start: '2026-11-01', end: '2026-11-30', type: 'Client Timesheet', x: '1' }),
    ).toEqual([['', 'x is not a field of this request']]);
  });

  it('reads a good query', () => {
    expect(
      timesheetExportQuerySchema.parse({
        projectId: '12',
        start: '2026-10-26',
        end: '2026-11-25',
        type: 'OT Timesheet - Biweekly',
        employeeId: '4',
      }),
    ).toEqual({
      projectId: 12,
      start: '2026-10-26',
      end: '2026-11-25',
      type: 'OT Timesheet - Biweekly',
      employeeId: 4,
    });
  });
});

describe('the file name', () => {
  it('names person, project and period', () => {
    expect(
      timesheetExportFileName(
        'Carlos Contractor',
        'Pipeline Integrity Review',
        exportPeriodPart('Fixed Offset (26 to 25)', '2026-10-26', '2026-11-25'),
      ),
    ).toBe('Carlos Contractor - Pipeline Integrity Review - 2026-11.xlsx');
  });

  it('uses the days for weeks and for ranges that are not a period of the cycle', () => {
    expect(exportPeriodPart('Weekly (Saturday to Friday)', '2026-11-21', '2026-11-27')).toBe(
      '2026-11-21 to 2026-11-27',
    );
    expect(exportPeriodPart('Standard Month (First to last)', '2026-11-01', '2026-11-15')).toBe(
      '2026-11-01 to 2026-11-15',
    );
    expect(exportPeriodPart('Standard Month (First to last)', '2026-11-01', '2026-11-30')).toBe('2026-11');
  });

  it('keeps names safe for every file system and header', () => {
    expect(safeFileNamePart('Field Operations (Overtime)', 'Project')).toBe('Field Operations (Overtime)');
    expect(safeFileNamePart('José O’Neil', 'Person')).toBe('José O Neil');
    expect(safeFileNamePart('../../etc/passwd', 'Project')).toBe('etc passwd');
    expect(safeFileNamePart('A:B*C?"D"<E>|F\u0007', 'Project')).toBe('A B C D E F');
    expect(safeFileNamePart(' /// ', 'Person')).toBe('Person');
    expect(safeFileNamePart('x'.repeat(200), 'Person')).toHaveLength(80);
  });
});
