// Fixed dates: the app and its demo seed run at the file's own instant (NOW, Wednesday 2026-11-18).
import { sumDecimals, sumMoney, type MonthAtAGlance, type PeriodBoard } from '@portal/contracts';
import type { TestApp } from '../../../test/app-harness';
import { startSignedIn } from '../../../test/signed-in';

// Wednesday 2026-11-18 (the demo history is built around "now").
const NOW = '2026-11-18T15:00:00.000Z';
const ALICE = 1;
const CARLOS = 3;
const DANA = 4;

describe('GET /api/me/month: the month at a glance', () => {
  let t: TestApp;
  let tokens: Record<number, string>;

  beforeAll(async () => {
    ({ t, tokens } = await startSignedIn([ALICE, CARLOS, DANA], { now: NOW, seedDemo: true }));
  });
  afterAll(() => t?.close());

  const monthOf = async (who: number): Promise<MonthAtAGlance> => {
    await t.projectionsCaughtUp();
    const res = await t.http('GET', '/api/me/month', { token: tokens[who] });
    expect(res.status).toBe(200);
    return res.body as MonthAtAGlance;
  };

  it("answers the person's own month: its figures as their lists, its periods as their board's", async () => {
    const month = await monthOf(CARLOS);
    const board = (await t.http('GET', '/api/periods/board', { token: tokens[CARLOS] })).body as PeriodBoard;
    const november = 'start=2026-11-01&end=2026-11-30';
    const time = (await t.http('GET', `/api/timesheets?${november}`, { token: tokens[CARLOS] })).body;
    const expenses = (await t.http('GET', `/api/expenses?${november}`, { token: tokens[CARLOS] })).body;
    expect(month.month).toBe('2026-11');
    expect(month.today).toBe('2026-11-18');
    // Monday 16 and Tuesday 17 have no time (today is not over).
    expect(month.missingDays).toEqual(['2026-11-16', '2026-11-17']);
    expect(Number(month.hours)).toBeGreaterThan(0);
    expect(month.hours).toBe(sumDecimals([time.totals.hours]));
    expect(sumMoney(month.expenses.map((e) => e.claimed))).toBe(
      sumMoney(expenses.rows.map((r: { claimed: string }) => r.claimed)),
    );
    for (const line of month.expenses) expect(line.claimed).toMatch(/^\d+\.\d{2}$/);
    // The periods are each project's current billing period: the board's current cells.
    const current = board.rows.filter((r) => r.cells[1]!.state !== 'nothing');
    expect(month.periods.map((p) => [p.projectId, p.period, p.state])).toEqual(
      [...current]
        .sort((a, b) => a.projectName.localeCompare(b.projectName))
        .map((r) => [r.projectId, r.cells[1]!.period, r.cells[1]!.state]),
    );
    expect(month).toMatchObject({
      codeOfConductAcknowledgedAt: null,
      onboardingDone: 0,
      onboardingTotal: 16,
    });
    expect(month.upcomingHolidays[0]).toEqual({
      date: '2026-11-26',
      name: 'Thanksgiving Day',
      country: 'United States',
    });

    // Dana's month is Dana's own.
    const dana = await monthOf(DANA);
    expect(dana.periods.map((p) => p.projectId)).not.toContain(14);
  });

  it('starts a new month with no missing day, and counts the first once it is over', async () => {
    await t.http('POST', '/api/me/code-of-conduct', { token: tokens[CARLOS], body: { acknowledged: true } });
    // Tuesday 2026-12-01: November's gaps stay November's.
    t.clock.set(new Date('2026-12-01T08:00:00.000Z'));
    tokens[CARLOS] = await t.signIn(CARLOS);
    const first = await monthOf(CARLOS);
    expect(first).toMatchObject({ month: '2026-12', today: '2026-12-01', missingDays: [], hours: '0' });
    expect(first.codeOfConductAcknowledgedAt).toBe(NOW);

    t.clock.set(new Date('2026-12-02T08:00:00.000Z'));
    tokens[CARLOS] = await t.signIn(CARLOS);
    expect((await monthOf(CARLOS)).missingDays).toEqual(['2026-12-01']);
  });
});
