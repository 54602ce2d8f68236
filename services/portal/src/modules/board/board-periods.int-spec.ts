import {
  boardPeriodName,
  boardPeriodsOf,
  monthPeriod,
  normaliseDecimal,
  type BoardPeriod,
  type BoardRow,
  type MonthAtAGlance,
  type PeriodBoard,
} from '@portal/contracts';
import type { TestApp } from '../../../test/app-harness';
import { runMonth, runToday } from '../../../test/dates';
import { startSignedIn } from '../../../test/signed-in';

/*
 * The board and the employee dashboard by billing period (decision 0241), over the demo seed at
 * the run's pinned "now": Carlos's project 12 bills 26 to 25 (Fixed Offset), project 45 by the
 * calendar month. Every date is derived from the run's today.
 */
const ALICE = 1; // admin of owner 1
const CARLOS = 3; // roster: 12, 14, 33, 45, 61
const PIPELINE = 12; // Fixed Offset (26 to 25)
const UMBRELLA = 45; // Standard Month (First to last)
const TODAY = runToday();
const [PREVIOUS, CURRENT] = boardPeriodsOf('Fixed Offset (26 to 25)', TODAY);
const REASON = 'Hours of the period are doubled';

let t: TestApp;
let tokens: Record<number, string>;

beforeAll(async () => {
  ({ t, tokens } = await startSignedIn([ALICE, CARLOS], { seedDemo: true }));
  // An hour on the current period's first day, so it has rows at any instant.
  const saved = await t.http('POST', '/api/timesheets', {
    token: tokens[CARLOS],
    body: {
      projectId: PIPELINE,
      subProjectId: null,
      confirmLate: true,
      items: [{ date: CURRENT.start, hours: '1', overtimeHours: null, comment: 'Pipeline inspection' }],
    },
  });
  expect(saved.status).toBe(201);
  // Alice returns the whole current period of 12: 26th to 25th, across two calendar months.
  const returned = await t.http('POST', '/api/admin/review/return', {
    token: tokens[ALICE],
    body: {
      employeeId: CARLOS,
      projectId: PIPELINE,
      start: CURRENT.start,
      end: CURRENT.end,
      reason: REASON,
      entryIds: [],
    },
  });
  expect(returned.status).toBe(200);
  await t.projectionsCaughtUp();
});
afterAll(() => t?.close());

const get = async <T>(who: number, path: string): Promise<T> => {
  const answer = await t.http('GET', path, { token: tokens[who] });
  expect(answer.status).toBe(200);
  return answer.body as T;
};
const rowOf = (board: PeriodBoard, projectId: number): BoardRow =>
  board.rows.find((r) => r.employeeId === CARLOS && r.projectId === projectId)!;
/** Carlos's hours and rows (time and expenses) on a project, dated in a period's days. */
async function carlosOn(projectId: number, period: BoardPeriod) {
  const range = `start=${period.start}&end=${period.end}&projectId=${projectId}`;
  const time = await get<{ rows: unknown[]; totals: { hours: string } }>(CARLOS, `/api/timesheets?${range}`);
  const expenses = await get<{ rows: unknown[] }>(CARLOS, `/api/expenses?${range}`);
  return { hours: normaliseDecimal(time.totals.hours), rows: time.rows.length + expenses.rows.length };
}

describe('the period board by billing period', () => {
  it("shows a Fixed Offset project's returned period as one cell over its own days, with their hours", async () => {
    const board = await get<PeriodBoard>(CARLOS, '/api/periods/board');
    const [previous, current] = rowOf(board, PIPELINE).cells;
    const days = await carlosOn(PIPELINE, CURRENT);
    expect(days.rows).toBeGreaterThan(0);
    expect(current.period).toEqual(CURRENT);
    expect(current).toMatchObject({ state: 'returned', returnReason: REASON });
    expect(normaliseDecimal(current.hours)).toBe(days.hours);
    expect(current.counts).toEqual({ entered: 0, verified: 0, approved: 0, returned: days.rows });

    // The previous period shares a calendar month with it, and carries none of its state.
    const before = await carlosOn(PIPELINE, PREVIOUS);
    expect(previous.period).toEqual(PREVIOUS);
    expect(previous.state).not.toBe('returned');
    expect(previous.returnReason).toBeNull();
    expect(previous.counts.returned).toBe(0);
    expect(normaliseDecimal(previous.hours)).toBe(before.hours);
  });

  it('asks Carlos once to fix the returned period, naming its days', async () => {
    const board = await get<PeriodBoard>(CARLOS, '/api/periods/board');
    const fixes = board.tasks.filter((task) => task.kind === 'fix-returned');
    expect(fixes).toEqual([
      {
        kind: 'fix-returned',
        period: CURRENT,
        projectId: PIPELINE,
        text: `Fix what was returned on Pipeline Integrity Review for ${boardPeriodName(CURRENT)}: ${REASON}`,
      },
    ]);
    expect(boardPeriodName(CURRENT)).toContain(`${Number(CURRENT.start.slice(8))} `);
    // The admin's board shows the same cell.
    const admin = await get<PeriodBoard>(ALICE, '/api/periods/board');
    expect(rowOf(admin, PIPELINE).cells[1]).toEqual(rowOf(board, PIPELINE).cells[1]);
  });

  it('keeps a calendar-month project by the calendar month, as before', async () => {
    const board = await get<PeriodBoard>(CARLOS, '/api/periods/board');
    expect(board.months).toEqual([runMonth(-1), runMonth()]);
    const months = [monthPeriod(runMonth(-1)), monthPeriod(runMonth())];
    const cells = rowOf(board, UMBRELLA).cells;
    expect(cells.map((c) => c.period)).toEqual(months);
    for (const [index, month] of months.entries()) {
      expect(normaliseDecimal(cells[index]!.hours)).toBe((await carlosOn(UMBRELLA, month)).hours);
      expect(cells[index]!.state).not.toBe('returned');
    }
  });
});

describe("the employee dashboard's periods", () => {
  it("states each project's current billing period: 12's is returned, 45's is this month", async () => {
    const glance = await get<MonthAtAGlance>(CARLOS, '/api/me/month');
    expect(glance.periods.find((p) => p.projectId === PIPELINE)).toMatchObject({
      period: CURRENT,
      state: 'returned',
    });
    const umbrella = glance.periods.find((p) => p.projectId === UMBRELLA);
    if (umbrella) expect(umbrella.period).toEqual(monthPeriod(runMonth()));
    // Its hours are still the calendar month's.
    const month = await get<{ totals: { hours: string } }>(
      CARLOS,
      `/api/timesheets?start=${monthPeriod(runMonth()).start}&end=${monthPeriod(runMonth()).end}`,
    );
    expect(normaliseDecimal(glance.hours)).toBe(normaliseDecimal(month.totals.hours));
  });
});
