// Fixed dates: a given month composed from given summaries.
import {
  NO_ROWS,
  type BillingCycle,
  type LedgerCellSummary,
  type LedgerMonthsSummary,
} from '@portal/contracts';
import { composeMonth } from './month-at-a-glance';

const STANDARD: BillingCycle = 'Standard Month (First to last)';
const FIXED: BillingCycle = 'Fixed Offset (26 to 25)';
const projects = new Map([
  [12, { name: 'Pipeline Integrity Review', currency: 'CAD', billingCycle: STANDARD }],
  [21, { name: 'Studio Build', currency: 'GBP', billingCycle: STANDARD }],
  [14, { name: 'Transit Signalling Upgrade', currency: 'CAD', billingCycle: STANDARD }],
]);
const standing = { name: 'Carlos Contractor', codeOfConductAcknowledgedAt: null, onboardingDone: 3 };
const cell = (month: string, projectId: number, extra: Partial<LedgerCellSummary>): LedgerCellSummary => ({
  employeeId: 3,
  projectId,
  month,
  // A calendar-month project's period is keyed by its month.
  period: month,
  counts: { ...NO_ROWS, entered: 1 },
  hours: '0',
  amount: '0',
  lateEntries: 0,
  returnReason: null,
  returnedAt: null,
  ...extra,
});
const none: LedgerMonthsSummary = { cells: [], daysEntered: [] };

describe('the month at a glance', () => {
  it('on the first of a month counts no missing day, and none of the month before', () => {
    // Friday 2027-10-01: October has no day over yet; September's gaps belong to September.
    const time: LedgerMonthsSummary = {
      cells: [cell('2027-09', 12, { hours: '7.5' })],
      daysEntered: [{ employeeId: 3, month: '2027-09', days: ['2027-09-30'] }],
    };
    const month = composeMonth('2027-10-01', time, none, projects, standing);
    expect(month.month).toBe('2027-10');
    expect(month.missingDays).toEqual([]);
    expect(month.hours).toBe('0');
    expect(month.periods).toEqual([]);
  });

  it('on the second counts the first when it is a weekday without time', () => {
    expect(composeMonth('2027-10-02', none, none, projects, standing).missingDays).toEqual(['2027-10-01']);
  });

  it('skips weekends, holidays of either country and days with time', () => {
    // September 2027: Labour Day Mon 6th (both), Truth and Reconciliation Thu 30th (Canada).
    const time: LedgerMonthsSummary = {
      cells: [cell('2027-09', 12, { hours: '8' })],
      daysEntered: [{ employeeId: 3, month: '2027-09', days: ['2027-09-01', '2027-09-02'] }],
    };
    const month = composeMonth('2027-09-09', time, none, projects, standing);
    // Over: Wed 1 … Wed 8. Without time: Fri 3, Tue 7, Wed 8 (Mon 6 is Labour Day).
    expect(month.missingDays).toEqual(['2027-09-03', '2027-09-07', '2027-09-08']);
    const last = composeMonth('2027-10-01', time, none, projects, standing);
    expect(last.missingDays).toEqual([]);
  });

  it('sums hours exactly and claimed expenses per currency, never as floats', () => {
    const time: LedgerMonthsSummary = {
      cells: [cell('2027-09', 12, { hours: '0.1' }), cell('2027-09', 14, { hours: '0.2' })],
      daysEntered: [],
    };
    const expenses: LedgerMonthsSummary = {
      cells: [
        cell('2027-09', 12, { amount: '10.10' }),
        cell('2027-09', 14, { amount: '0.20' }),
        cell('2027-09', 21, { amount: '5.05', counts: { ...NO_ROWS, returned: 1 } }),
      ],
      daysEntered: [],
    };
    const month = composeMonth('2027-09-15', time, expenses, projects, standing);
    expect(month.hours).toBe('0.3');
    expect(month.expenses).toEqual([
      { currency: 'CAD', claimed: '10.30' },
      { currency: 'GBP', claimed: '5.05' },
    ]);
    const september = { key: '2027-09', label: 'Sep - 2027', start: '2027-09-01', end: '2027-09-30' };
    expect(month.periods).toEqual([
      { projectId: 12, projectName: 'Pipeline Integrity Review', period: september, state: 'entered' },
      { projectId: 21, projectName: 'Studio Build', period: september, state: 'returned' },
      { projectId: 14, projectName: 'Transit Signalling Upgrade', period: september, state: 'entered' },
    ]);
  });

  it("states a 26-to-25 project's current billing period, not the calendar month's rows", () => {
    // Monday 2027-09-27: project 12's current period is 26 Sep - 25 Oct ('2027-10'); the 1st to
    // the 25th of September were its previous period, returned.
    const fixed = new Map([
      [12, { name: 'Pipeline Integrity Review', currency: 'CAD', billingCycle: FIXED }],
    ]);
    const time: LedgerMonthsSummary = {
      cells: [
        cell('2027-09', 12, { period: null, hours: '40', counts: { ...NO_ROWS, returned: 5 } }),
        cell('2027-09', 12, { period: '2027-10', hours: '8' }),
      ],
      daysEntered: [],
    };
    const month = composeMonth('2027-09-27', time, none, fixed, standing);
    expect(month.hours).toBe('48');
    expect(month.periods).toEqual([
      {
        projectId: 12,
        projectName: 'Pipeline Integrity Review',
        period: { key: '2027-10', label: 'Oct - 2027', start: '2027-09-26', end: '2027-10-25' },
        state: 'entered',
      },
    ]);
  });

  it('leaves an expense whose project is unknown out of the currency sums, never guessing one', () => {
    const expenses: LedgerMonthsSummary = {
      cells: [
        cell('2027-09', 12, { amount: '10.10' }),
        cell('2027-09', 99, { amount: '7.00' }),
        cell('2027-09', 98, { amount: '1.00' }),
      ],
      daysEntered: [],
    };
    const month = composeMonth('2027-09-15', none, expenses, projects, standing);
    expect(month.expenses).toEqual([{ currency: 'CAD', claimed: '10.10' }]);
    expect(month.periods.map((p) => p.projectName)).toEqual([
      'Pipeline Integrity Review',
      'Project 98',
      'Project 99',
    ]);
    expect(
      composeMonth('2027-09-15', none, { cells: [expenses.cells[1]], daysEntered: [] }, projects, standing)
        .expenses,
    ).toEqual([]);
  });

  it('lists the next holidays from today on, across the year end, and the standing as given', () => {
    const month = composeMonth('2027-12-24', none, none, projects, standing);
    expect(month.upcomingHolidays.map((h) => `${h.date} ${h.country}`)).toEqual([
      '2027-12-25 Canada',
      '2027-12-25 United States',
      '2027-12-26 Canada',
      '2028-01-01 Canada',
    ]);
    expect(month).toMatchObject({
      onboardingDone: 3,
      onboardingTotal: 16,
      codeOfConductAcknowledgedAt: null,
    });
  });
});
