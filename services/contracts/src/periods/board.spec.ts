// Fixed dates: where a project month stands, given its today.
import { missingWorkingDays, monthLabel, passedWorkingDays, tasksOf, type BoardCell } from './board';
import { NO_ROWS, periodStateOf } from './board-counts';
import { monthPeriod } from './board-periods';
import { boardCell, carlosRow } from './board.testing';

describe('where a project month stands', () => {
  it('is nothing without rows', () => expect(periodStateOf(NO_ROWS)).toBe('nothing'));
  it('is returned while any row is returned, whatever else is approved', () =>
    expect(periodStateOf({ entered: 0, verified: 0, approved: 9, returned: 1 })).toBe('returned'));
  it('is its least advanced state otherwise', () => {
    expect(periodStateOf({ entered: 1, verified: 3, approved: 2, returned: 0 })).toBe('entered');
    expect(periodStateOf({ entered: 0, verified: 1, approved: 2, returned: 0 })).toBe('verified');
    expect(periodStateOf({ entered: 0, verified: 0, approved: 2, returned: 0 })).toBe('approved');
  });
});

describe('working days that have passed', () => {
  it('counts Monday to Friday before today, without holidays of either country', () => {
    // November 2026: Wed 11 is Veterans Day (US) and Remembrance Day (CA); Thu 26 US Thanksgiving.
    const days = passedWorkingDays('2026-11', '2026-11-13');
    expect(days).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-09',
      '2026-11-10',
      '2026-11-12',
    ]);
  });

  it('a whole past month, Thanksgiving and weekends left out', () => {
    const days = passedWorkingDays('2026-11', '2027-01-10');
    expect(days).toHaveLength(19);
    expect(days).not.toContain('2026-11-26');
    expect(days.at(-1)).toBe('2026-11-30');
  });

  it('none on the first day of the month, none for a future month', () => {
    expect(passedWorkingDays('2026-12', '2026-12-01')).toEqual([]);
    expect(passedWorkingDays('2027-01', '2026-12-15')).toEqual([]);
  });

  it('a leap day on a weekday counts', () =>
    expect(passedWorkingDays('2028-02', '2028-03-01')).toContain('2028-02-29'));

  it('missing days are the working days without any entry', () =>
    expect(
      missingWorkingDays('2026-11', '2026-11-06', new Set(['2026-11-02', '2026-11-04', '2026-11-07'])),
    ).toEqual(['2026-11-03', '2026-11-05']));
});

describe('what the person still has to do', () => {
  const cell = (month: string, state: BoardCell['state'], returnReason: string | null = null) =>
    boardCell(monthPeriod(month), state, returnReason);
  const row = (projectName: string, cells: [BoardCell, BoardCell]) =>
    carlosRow(projectName.length, projectName, cells);
  const months = ['2026-10', '2026-11'] as const;

  it('fixes returned work first, then enters missing days, then verifies the previous month', () => {
    const rows = [
      row('Pipeline', [
        cell('2026-10', 'entered'),
        cell('2026-11', 'returned', 'Hours on the 3rd are doubled'),
      ]),
      row('ERP', [cell('2026-10', 'approved'), cell('2026-11', 'entered')]),
    ];
    const person = {
      employeeId: 7,
      employeeName: 'Carlos Contractor',
      ownerId: 1,
      missingDays: [[], ['2026-11-02', '2026-11-03']] as const,
    };
    expect(tasksOf(months, rows, person).map((t) => t.text)).toEqual([
      'Fix what was returned on Pipeline for Nov - 2026: Hours on the 3rd are doubled',
      'Enter time for 2 working days of Nov - 2026 without any hours',
      'Verify Pipeline for Oct - 2026',
    ]);
  });

  it('has nothing to do when everything is verified or approved', () => {
    const rows = [row('ERP', [cell('2026-10', 'verified'), cell('2026-11', 'entered')])];
    expect(tasksOf(months, rows, undefined)).toEqual([]);
  });

  it('labels months as the spec does', () => expect(monthLabel('2027-01')).toBe('Jan - 2027'));
});
