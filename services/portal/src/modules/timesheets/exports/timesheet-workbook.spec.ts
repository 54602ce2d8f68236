// Fixed dates: the sheet of given entries.
import { timesheetSheetLines, type TimesheetFileHeader } from './timesheet-workbook';

const HEADER: TimesheetFileHeader = {
  person: 'Dana Developer',
  project: 'Night Shift Maintenance',
  period: 'Nov - 2026',
  start: '2026-10-26',
  end: '2026-11-25',
  cycle: 'Fixed Offset (26 to 25)',
  type: 'OT Timesheet - Biweekly',
};

const row = (date: string, hours: string, overtimeHours: string | null, value: string) => ({
  date,
  subProjectName: null,
  activity: 'Night shift',
  hours,
  overtimeHours,
  value,
});

describe('the Download Timesheet sheet', () => {
  it('biweekly over a 31-day period: two fortnights and the three days left, each with its subtotal', () => {
    const lines = timesheetSheetLines(
      HEADER,
      [
        row('2026-10-26', '7.5', '2', '1500.00'),
        row('2026-11-09', '0.1', null, '20.00'),
        row('2026-11-25', '8', '0.5', '1600.00'),
      ],
      false,
    );
    expect(lines.filter((l) => l.kind !== 'header' && l.kind !== 'blank').map((l) => l.cells)).toEqual([
      ['Date', 'Activity Comment', 'Hours', 'Overtime', 'Value'],
      [{ date: '2026-10-26' }, 'Night shift', 7.5, 2, 1500],
      ['Subtotal 2026-10-26 to 2026-11-08', null, 7.5, 2, 1500],
      [{ date: '2026-11-09' }, 'Night shift', 0.1, null, 20],
      ['Subtotal 2026-11-09 to 2026-11-22', null, 0.1, 0, 20],
      [{ date: '2026-11-25' }, 'Night shift', 8, 0.5, 1600],
      ['Subtotal 2026-11-23 to 2026-11-25', null, 8, 0.5, 1600],
      ['Total', null, 15.6, 2.5, 3120],
    ]);
  });

  it('sums exactly: 0.1 + 0.2 hours make 0.3', () => {
    const lines = timesheetSheetLines(
      { ...HEADER, type: 'Internal Timesheet (Non-billable)' },
      [row('2026-11-02', '0.1', null, '20.00'), row('2026-11-03', '0.2', null, '40.00')],
      false,
    );
    expect(lines[lines.length - 1].cells).toEqual(['Total', null, 0.3]);
    expect(lines[8].cells).toEqual(['Date', 'Activity Comment', 'Hours']);
  });

  it('starts with the header block, each label beside its value', () => {
    const lines = timesheetSheetLines({ ...HEADER, type: 'Client Timesheet' }, [], true);
    expect(lines.slice(0, 9).map((l) => l.cells)).toEqual([
      ['Person', 'Dana Developer'],
      ['Project', 'Night Shift Maintenance'],
      ['Period', 'Nov - 2026'],
      ['From', '2026-10-26'],
      ['To', '2026-11-25'],
      ['Billing cycle', 'Fixed Offset (26 to 25)'],
      ['Type', 'Client Timesheet'],
      [],
      ['Date', 'Sub Project', 'Activity Comment', 'Hours', 'Value'],
    ]);
  });
});
