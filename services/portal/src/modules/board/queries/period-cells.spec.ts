import {
  boardPeriodsOf,
  businessDateOf,
  monthOf,
  NO_ROWS,
  NO_SUMS,
  type BillingCycle,
  type LedgerCellSummary,
} from '@portal/contracts';
import { pinnedInstant } from '../../../../../../e2e/support/test-now';
import { boardCell, PeriodParts } from './period-cells';

/*
 * A board cell sums one billing period of the project (decision 0241): the read models answer a
 * period that spans two calendar months in one part per month, and the cell adds up exactly the
 * parts of its period. Dates from the run's pinned "now".
 */
const TODAY = businessDateOf(pinnedInstant());
const FIXED: BillingCycle = 'Fixed Offset (26 to 25)';
const STANDARD: BillingCycle = 'Standard Month (First to last)';
const CARLOS = 3;

const part = (
  projectId: number,
  month: string,
  period: string | null,
  extra: Partial<LedgerCellSummary>,
): LedgerCellSummary => ({
  ...NO_SUMS,
  employeeId: CARLOS,
  projectId,
  month,
  period,
  ...extra,
});

describe('a Fixed Offset project on the board', () => {
  const [previous, current] = boardPeriodsOf(FIXED, TODAY);
  // The calendar month the current period starts in holds the previous period's last days too.
  const shared = monthOf(current.start);
  const returned = { ...NO_ROWS, returned: 1 };
  const time = new PeriodParts([
    part(12, monthOf(previous.start), previous.key, { hours: '16', counts: { ...NO_ROWS, entered: 2 } }),
    part(12, shared, previous.key, { hours: '40', counts: { ...NO_ROWS, entered: 5 } }),
    part(12, shared, current.key, { hours: '8', counts: returned, returnReason: 'Hours doubled' }),
    part(12, monthOf(current.end), current.key, {
      hours: '7.5',
      counts: returned,
      returnReason: 'Hours doubled',
    }),
    // Days of the window outside both periods are nobody's cell.
    part(12, monthOf(previous.start), null, { hours: '99', counts: returned, returnReason: 'Older' }),
  ]);

  it('shows a returned period as one cell over its own days, with only those days’ hours', () => {
    const cell = boardCell(current, time.of(CARLOS, 12, current.key), NO_SUMS);
    expect(cell).toEqual({
      period: current,
      state: 'returned',
      counts: { entered: 0, verified: 0, approved: 0, returned: 2 },
      hours: '15.5',
      expensesClaimed: '0.00',
      lateEntries: 0,
      returnReason: 'Hours doubled',
    });
    expect(monthOf(cell.period.start)).not.toBe(monthOf(cell.period.end));
  });

  it('leaves the previous period’s days, in the same calendar month, out of the returned state', () => {
    const cell = boardCell(previous, time.of(CARLOS, 12, previous.key), NO_SUMS);
    expect(cell).toMatchObject({ period: previous, state: 'entered', hours: '56', returnReason: null });
    expect(cell.counts).toEqual({ entered: 7, verified: 0, approved: 0, returned: 0 });
  });
});

describe('a calendar-month project on the board', () => {
  it('keeps its cells as before: each calendar month, the month’s rows', () => {
    const [previous, current] = boardPeriodsOf(STANDARD, TODAY);
    const time = new PeriodParts([
      part(45, previous.key, previous.key, { hours: '30', counts: { ...NO_ROWS, verified: 4 } }),
      part(45, current.key, current.key, { hours: '7.5', counts: { ...NO_ROWS, entered: 1 } }),
    ]);
    const expenses = new PeriodParts([
      part(45, current.key, current.key, { amount: '12.30', counts: { ...NO_ROWS, entered: 1 } }),
    ]);
    const cells = [previous, current].map((period) =>
      boardCell(period, time.of(CARLOS, 45, period.key), expenses.of(CARLOS, 45, period.key)),
    );
    expect(cells.map((c) => [c.period.start, c.period.end, c.state, c.hours, c.expensesClaimed])).toEqual([
      [`${previous.key}-01`, previous.end, 'verified', '30', '0.00'],
      [`${current.key}-01`, current.end, 'entered', '7.5', '12.30'],
    ]);
  });
});
