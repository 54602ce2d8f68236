import { pinnedInstant } from '../../../../e2e/support/test-now';
import type { BillingCycle } from '../kernel/constants';
import { addDays, businessDateOf, endOfMonth, monthOf, startOfMonthOffset } from '../kernel/dates';
import { tasksOf } from './board';
import { NO_ROWS } from './board-counts';
import { boardCell, carlosRow } from './board.testing';
import {
  boardPeriodName,
  boardPeriodsOf,
  isCalendarMonth,
  monthPeriod,
  sumParts,
  NO_SUMS,
} from './board-periods';
import { monthPeriodLabel, periodTitle } from './billing-cycles';

/*
 * The board's periods are each project's billing periods (decision 0241), at the run's pinned
 * "now": every date below is derived from it.
 */
const TODAY = businessDateOf(pinnedInstant());
const FIXED: BillingCycle = 'Fixed Offset (26 to 25)';
const STANDARD: BillingCycle = 'Standard Month (First to last)';
const WEEKLY: BillingCycle = 'Weekly (Saturday to Friday)';
const dayOf = (date: string) => date.slice(8, 10);

describe("a project's periods on the board", () => {
  it('are the 26-to-25 periods of a Fixed Offset project: the current one holds today, the previous one ends the day before', () => {
    const [previous, current] = boardPeriodsOf(FIXED, TODAY);
    expect(current.start <= TODAY && TODAY <= current.end).toBe(true);
    for (const period of [previous, current]) {
      expect([dayOf(period.start), dayOf(period.end)]).toEqual(['26', '25']);
      // One period, two calendar months: never a calendar month itself.
      expect(monthOf(period.start)).not.toBe(monthOf(period.end));
      expect(isCalendarMonth(period)).toBe(false);
      // Named as the verify page names it: by the month it ends in, with its days.
      expect(period.key).toBe(monthOf(period.end));
      expect(boardPeriodName(period)).toBe(periodTitle(period));
      expect(boardPeriodName(period)).toContain(`(${Number(dayOf(period.start))} `);
    }
    expect(addDays(previous.end, 1)).toBe(current.start);
  });

  it('are the previous and the current calendar month of a calendar-month project, named as before', () => {
    const [previous, current] = boardPeriodsOf(STANDARD, TODAY);
    const lastMonth = monthOf(startOfMonthOffset(TODAY, -1));
    expect(previous).toEqual(monthPeriod(lastMonth));
    expect(current).toEqual({
      key: monthOf(TODAY),
      label: monthPeriodLabel(monthOf(TODAY)),
      start: `${monthOf(TODAY)}-01`,
      end: endOfMonth(TODAY),
    });
    expect([boardPeriodName(previous), boardPeriodName(current)]).toEqual([
      monthPeriodLabel(lastMonth),
      monthPeriodLabel(monthOf(TODAY)),
    ]);
  });

  it('are this week and last week of a weekly project, named by their days', () => {
    const [previous, current] = boardPeriodsOf(WEEKLY, TODAY);
    expect(addDays(current.start, 6)).toBe(current.end);
    expect(addDays(previous.start, 7)).toBe(current.start);
    expect(current.start <= TODAY && TODAY <= current.end).toBe(true);
    expect(boardPeriodName(current)).toBe(current.label);
  });
});

describe("a period's sums from its months' parts", () => {
  it('adds the parts of a period that spans two months, keeping the latest return’s reason', () => {
    const [, current] = boardPeriodsOf(FIXED, TODAY);
    const earlier = pinnedInstant().toISOString();
    const later = new Date(pinnedInstant().getTime() + 3_600_000).toISOString();
    const first = {
      ...NO_SUMS,
      counts: { ...NO_ROWS, returned: 2 },
      hours: '7.5',
      returnReason: 'Later reason',
      returnedAt: later,
    };
    const second = {
      ...NO_SUMS,
      counts: { ...NO_ROWS, returned: 1, entered: 1 },
      hours: '0.1',
      lateEntries: 1,
      returnReason: 'Earlier reason',
      returnedAt: earlier,
    };
    expect(monthOf(current.start)).not.toBe(monthOf(current.end));
    expect(sumParts([second, first])).toEqual({
      counts: { entered: 1, verified: 0, approved: 0, returned: 3 },
      hours: '7.6',
      amount: '0.00',
      lateEntries: 1,
      returnReason: 'Later reason',
      returnedAt: later,
    });
    expect(sumParts([])).toEqual(NO_SUMS);
  });
});

describe('what is left to do, by billing period', () => {
  const months = [monthOf(startOfMonthOffset(TODAY, -1)), monthOf(TODAY)] as const;
  const [previous, current] = boardPeriodsOf(FIXED, TODAY);
  const row = carlosRow(12, 'Pipeline', [
    boardCell(previous, 'entered'),
    boardCell(current, 'returned', 'Hours doubled'),
  ]);

  it('asks to fix a returned Fixed Offset period once, named by its days, and to verify the one before', () => {
    const tasks = tasksOf(months, [row], undefined);
    expect(tasks).toEqual([
      {
        kind: 'fix-returned',
        period: current,
        projectId: 12,
        text: `Fix what was returned on Pipeline for ${periodTitle(current)}: Hours doubled`,
      },
      {
        kind: 'verify',
        period: previous,
        projectId: 12,
        text: `Verify Pipeline for ${periodTitle(previous)}`,
      },
    ]);
  });

  it('names a calendar month’s missing days by the month, as before', () => {
    const person = {
      employeeId: 7,
      employeeName: 'Carlos Contractor',
      ownerId: 1,
      missingDays: [[], [TODAY]] as const,
    };
    expect(tasksOf(months, [], person)).toEqual([
      {
        kind: 'enter-missing-days',
        period: monthPeriod(months[1]),
        projectId: null,
        text: `Enter time for 1 working day of ${monthPeriodLabel(months[1])} without any hours`,
      },
    ]);
  });
});
