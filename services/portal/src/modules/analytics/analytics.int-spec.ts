// Fixed dates: the app and its demo seed run at the file's own instant (NOW), its time entries dated around it.
/*
 * Over 300 lines on purpose: every ERP view, its filters, scope, export and the Power BI embed run
 * against one seeded portal and one Power BI double; splitting would start them once more per file.
 */
import { sumDecimals } from '@portal/contracts';
import ExcelJS from 'exceljs';
import type { TestApp } from '../../../test/app-harness';
import {
  powerBiEnvFor,
  startPowerBiDouble,
  TEST_POWER_BI_APP,
  TEST_POWER_BI_DATASET as DATASET,
  TEST_POWER_BI_WORKSPACE as WORKSPACE,
  TEST_TIMESHEET_REPORTS as TIMESHEET_REPORTS,
  type PowerBiDouble,
} from '../../../test/power-bi-double';
import { startSignedIn } from '../../../test/signed-in';

const ALICE = 1; // admin, owner 1
const CARLOS = 3; // not an admin
const RITA = 6; // owner 1; roster 33 (client 1), 36 (client 4, internal), 61 (overtime); no demo time
const PRIYA = 8; // owner 2; roster 21, 22 (owner 2: overtime); no demo time
const SOFIA = 9; // sightstream admin (owner 2)
const NOW = '2026-11-23T10:00:00.000Z';

const ERP_TIME_REPORT = '55555555-5555-4555-8555-555555555555';
const DOUBLE = {
  ...TEST_POWER_BI_APP,
  clientSecret: 'the-analytics-secret',
  workspaceId: WORKSPACE,
  reports: { [ERP_TIME_REPORT]: DATASET },
  expiration: '2026-11-23T11:00:00Z',
};

/** The test's own time: person, project, date, hours, overtime; billable = not client 4. */
interface Entry {
  readonly who: number;
  readonly projectId: number;
  readonly date: string;
  readonly hours: string;
  readonly overtime: string | null;
}
const TIME: readonly Entry[] = [
  { who: RITA, projectId: 33, date: '2026-10-05', hours: '8', overtime: null },
  { who: RITA, projectId: 33, date: '2026-10-06', hours: '7.5', overtime: null },
  { who: RITA, projectId: 36, date: '2026-11-02', hours: '6.5', overtime: null },
  { who: RITA, projectId: 61, date: '2026-11-03', hours: '8', overtime: '2' },
  { who: RITA, projectId: 61, date: '2026-11-04', hours: '7.2', overtime: '1' },
  { who: PRIYA, projectId: 21, date: '2026-11-05', hours: '8', overtime: '3' },
  { who: PRIYA, projectId: 22, date: '2026-10-14', hours: '4', overtime: null },
];
const INTERNAL = new Set([36]); // projects of client 4
const OWNER_OF: Record<number, number> = { 33: 1, 36: 1, 61: 1, 21: 2, 22: 2 };

interface Claim {
  readonly who: number;
  readonly projectId: number;
  readonly categoryId: number;
  readonly currency: string;
  readonly amount: string;
  readonly date: string;
}
const CLAIMS: readonly Claim[] = [
  { who: RITA, projectId: 33, categoryId: 4, currency: 'CAD', amount: '25.10', date: '2026-10-07' },
  { who: RITA, projectId: 33, categoryId: 5, currency: 'CAD', amount: '10.05', date: '2026-11-02' },
  { who: RITA, projectId: 61, categoryId: 4, currency: 'USD', amount: '40.00', date: '2026-11-03' },
  { who: RITA, projectId: 61, categoryId: 6, currency: 'USD', amount: '0.10', date: '2026-11-03' },
  { who: PRIYA, projectId: 21, categoryId: 6, currency: 'GBP', amount: '12.20', date: '2026-11-05' },
];

const sum = (values: readonly string[]) => sumDecimals(values);
const month = (date: string) => date.slice(0, 7);

describe('analytics: the ERP views and the pages’ Power BI embeds', () => {
  let t: TestApp;
  let double: PowerBiDouble;
  let tokens: Record<number, string>;

  beforeAll(async () => {
    double = await startPowerBiDouble(DOUBLE);
    ({ t, tokens } = await startSignedIn([ALICE, CARLOS, RITA, PRIYA, SOFIA], {
      now: NOW,
      seedDemo: true,
      env: {
        ...powerBiEnvFor(double, DOUBLE, TIMESHEET_REPORTS),
        POWERBI_REPORT_ERP_TIME: ERP_TIME_REPORT,
      },
    }));
    for (const e of TIME) {
      const res = await t.http('POST', '/api/timesheets', {
        token: tokens[e.who],
        body: {
          projectId: e.projectId,
          subProjectId: null,
          items: [{ date: e.date, hours: e.hours, overtimeHours: e.overtime, comment: 'Analytics test' }],
          confirmLate: true,
        },
      });
      if (res.status !== 201) throw new Error(`${JSON.stringify(e)}: ${JSON.stringify(res.body)}`);
    }
    for (const c of CLAIMS) {
      const { who, ...claim } = c;
      const res = await t.http('POST', '/api/expenses', {
        token: tokens[who],
        body: { ...claim, comment: 'Analytics test', isBillable: true },
      });
      if (res.status !== 201) throw new Error(`${JSON.stringify(c)}: ${JSON.stringify(res.body)}`);
    }
    await t.projectionsCaughtUp();
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  const get = (who: number, path: string) =>
    t.http('GET', `/api/admin/analytics/${path}`, { token: tokens[who] });

  /** The export's file, read back: each sheet's rows (values from column A on). */
  async function exported(path: string) {
    const response = await fetch(`${t.baseUrl}/api/admin/analytics/${path}`, {
      headers: { authorization: `Bearer ${tokens[ALICE]}` },
    });
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const rows = (name: string) =>
      (book.getWorksheet(name)!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    return { disposition: response.headers.get('content-disposition'), rows };
  }

  describe('ERP Time', () => {
    it('sums Rita’s hours by month, project and owner, billable versus not, exactly as entered', async () => {
      const res = await get(ALICE, `erpTime?from=2026-10&to=2026-11&employeeId=${RITA}`);
      expect(res.status).toBe(200);
      const mine = TIME.filter((e) => e.who === RITA);
      const hoursWhere = (keep: (e: Entry) => boolean) => sum(mine.filter(keep).map((e) => e.hours));
      expect(res.body.totals).toEqual({
        billable: hoursWhere((e) => !INTERNAL.has(e.projectId)),
        nonBillable: hoursWhere((e) => INTERNAL.has(e.projectId)),
        total: hoursWhere(() => true),
      });
      expect(res.body.totals).toEqual({ billable: '30.7', nonBillable: '6.5', total: '37.2' });
      expect(res.body.byMonth).toEqual(
        ['2026-10', '2026-11'].map((m) => ({
          month: m,
          billable: hoursWhere((e) => month(e.date) === m && !INTERNAL.has(e.projectId)),
          nonBillable: hoursWhere((e) => month(e.date) === m && INTERNAL.has(e.projectId)),
          total: hoursWhere((e) => month(e.date) === m),
        })),
      );
      const projects = [...new Set(mine.map((e) => e.projectId))];
      expect(
        res.body.byProject.map(
          (p: { projectId: number; hours: string; billable: boolean; ownerId: number }) => [
            p.projectId,
            p.hours,
            p.billable,
            p.ownerId,
          ],
        ),
      ).toEqual(
        expect.arrayContaining(
          projects.map((id) => [id, hoursWhere((e) => e.projectId === id), !INTERNAL.has(id), OWNER_OF[id]]),
        ),
      );
      expect(res.body.byProject).toHaveLength(projects.length);
      expect(res.body.byPerson).toEqual([{ employeeId: RITA, name: expect.any(String), ...res.body.totals }]);
      expect(res.body.byOwner).toEqual([{ ownerId: 1, name: 'Smartwork Consulting', ...res.body.totals }]);
    });

    it('narrows by project and by month range', async () => {
      const onlyOctober = await get(ALICE, `erpTime?from=2026-10&to=2026-10&employeeId=${RITA}`);
      expect(onlyOctober.body.totals.total).toBe(sum(['8', '7.5']));
      expect(onlyOctober.body.byMonth.map((m: { month: string }) => m.month)).toEqual(['2026-10']);
      const on61 = await get(ALICE, `erpTime?from=2026-10&to=2026-11&projectId=61&employeeId=${RITA}`);
      expect(on61.body.totals).toEqual({ billable: '15.2', nonBillable: '0', total: '15.2' });
    });

    it('the owner filter keeps that owner’s projects', async () => {
      const res = await get(ALICE, `erpTime?from=2026-10&to=2026-11&ownerId=2&employeeId=${PRIYA}`);
      expect(res.status).toBe(200);
      expect(res.body.totals.total).toBe(sum(TIME.filter((e) => e.who === PRIYA).map((e) => e.hours)));
      const none = await get(ALICE, `erpTime?from=2026-10&to=2026-11&ownerId=2&employeeId=${RITA}`);
      expect(none.body.totals.total).toBe('0');
      expect(none.body.byProject).toEqual([]);
    });

    it('a sightstream admin sees owner 2 only; naming owner 1, its people or projects is 403', async () => {
      const res = await get(SOFIA, 'erpTime?from=2026-10&to=2026-11');
      expect(res.status).toBe(200);
      expect(res.body.byOwner.map((o: { ownerId: number }) => o.ownerId)).toEqual([2]);
      for (const p of res.body.byProject) expect(p.ownerId).toBe(2);
      const priya = res.body.byPerson.find((p: { employeeId: number }) => p.employeeId === PRIYA);
      expect(priya.total).toBe(sum(TIME.filter((e) => e.who === PRIYA).map((e) => e.hours)));
      expect(res.body.byPerson.some((p: { employeeId: number }) => p.employeeId === RITA)).toBe(false);
      for (const query of ['ownerId=1', `employeeId=${RITA}`, 'projectId=33']) {
        const refused = await get(SOFIA, `erpTime?from=2026-10&to=2026-11&${query}`);
        expect(refused.status).toBe(403);
      }
      const options = await get(SOFIA, 'filters');
      expect(options.body.owners).toEqual([{ ownerId: 2, name: 'Sightstream' }]);
      for (const p of options.body.projects) expect(p.ownerId).toBe(2);
    });
  });

  describe('ERP Overtime', () => {
    it('sums the overtime of owner 2 and projects 61 and 64 by person, project and month', async () => {
      const res = await get(ALICE, `erpOvertime?from=2026-10&to=2026-11&ownerId=1&employeeId=${RITA}`);
      expect(res.status).toBe(200);
      const ritaOt = TIME.filter((e) => e.who === RITA && e.overtime !== null);
      expect(res.body.total).toBe(sum(ritaOt.map((e) => e.overtime!)));
      expect(res.body.total).toBe('3');
      expect(res.body.byProject).toEqual([{ projectId: 61, name: expect.any(String), hours: '3' }]);
      expect(res.body.byMonth).toEqual([
        { month: '2026-10', hours: '0' },
        { month: '2026-11', hours: '3' },
      ]);
      const priya = await get(ALICE, `erpOvertime?from=2026-10&to=2026-11&employeeId=${PRIYA}`);
      expect(priya.body.byPerson).toEqual([{ employeeId: PRIYA, name: expect.any(String), hours: '3' }]);
      expect(priya.body.byProject).toEqual([{ projectId: 21, name: expect.any(String), hours: '3' }]);
    });
  });

  describe('ERP Expenses', () => {
    it('sums the amounts by currency, category, project and month, never across currencies', async () => {
      const res = await get(ALICE, `erpExpenses?from=2026-10&to=2026-11&employeeId=${RITA}`);
      expect(res.status).toBe(200);
      const mine = CLAIMS.filter((c) => c.who === RITA);
      const amountWhere = (keep: (c: Claim) => boolean) => sum(mine.filter(keep).map((c) => c.amount));
      expect(res.body.byCurrency).toEqual(
        ['CAD', 'USD'].map((currency) => ({
          currency,
          amount: amountWhere((c) => c.currency === currency),
          count: mine.filter((c) => c.currency === currency).length,
        })),
      );
      expect(res.body.byCurrency.map((c: { amount: string }) => c.amount)).toEqual(['35.15', '40.1']);
      const category = (id: number, currency: string) =>
        res.body.byCategory.find(
          (c: { categoryId: number; currency: string }) => c.categoryId === id && c.currency === currency,
        )?.amount;
      expect(category(4, 'CAD')).toBe(amountWhere((c) => c.categoryId === 4 && c.currency === 'CAD'));
      expect(category(4, 'USD')).toBe(amountWhere((c) => c.categoryId === 4 && c.currency === 'USD'));
      expect(category(6, 'USD')).toBe('0.1');
      expect(res.body.byMonth).toEqual([
        { month: '2026-10', currency: 'CAD', amount: '25.1', count: 1 },
        { month: '2026-11', currency: 'CAD', amount: '10.05', count: 1 },
        { month: '2026-11', currency: 'USD', amount: '40.1', count: 2 },
      ]);
      expect(
        res.body.byProject.map((p: { projectId: number; currency: string; amount: string }) => [
          p.projectId,
          p.currency,
          p.amount,
        ]),
      ).toEqual(
        expect.arrayContaining([
          [33, 'CAD', amountWhere((c) => c.projectId === 33)],
          [61, 'USD', amountWhere((c) => c.projectId === 61)],
        ]),
      );
    });

    it('exports what is shown as .xlsx, named by the months, read back', async () => {
      const file = await exported(`erpExpenses/export?from=2026-10&to=2026-11&employeeId=${RITA}`);
      expect(file.disposition).toContain('erp-expenses-2026-10-2026-11.xlsx');
      expect(file.rows('By currency')).toEqual([
        ['Currency', 'Amount', 'Expenses'],
        ['CAD', 35.15, 2],
        ['USD', 40.1, 2],
      ]);
    });
  });

  it('exports ERP Time with the same filters', async () => {
    const file = await exported(`erpTime/export?from=2026-10&to=2026-11&employeeId=${RITA}`);
    expect(file.disposition).toContain('erp-time-2026-10-2026-11.xlsx');
    expect(file.rows('By month')).toEqual([
      ['Month', 'Billable hours', 'Non-billable hours', 'Total hours'],
      ['2026-10', 15.5, 0, 15.5],
      ['2026-11', 15.2, 6.5, 21.7],
    ]);
  });

  describe('refusals', () => {
    it('a person who is not an admin gets 403 before the input is read', async () => {
      for (const path of [
        'erpTime?from=x',
        'erpTime/export?from=2026-10&to=2026-11',
        'erpTime/embed',
        'filters',
      ]) {
        const res = await get(CARLOS, path);
        expect(res.status).toBe(403);
      }
    });

    it.each([
      ['erpTime?to=2026-11', 'from', 'Start month must have a value'],
      ['erpTime?from=2026-13&to=2026-11', 'from', 'Start month must be a month (YYYY-MM)'],
      ['erpTime?from=2026-11&to=2026-10', 'to', 'End month must not be before the start month'],
      ['erpTime?from=2024-01&to=2026-11', 'to', 'The range may cover at most 24 months'],
      ['erpTime?from=2026-10&to=2026-11&projectId=abc', 'projectId', expect.stringContaining('Project')],
      ['erpTime?from=2026-10&to=2026-11&colour=red', 'colour', 'colour is not a field of this request'],
      ['azureCost?from=2026-10&to=2026-11', 'page', 'azureCost is not an analytics page'],
      ['nonsense/embed', 'page', 'nonsense is not an analytics page'],
    ])('%s is 400 naming %s', async (path, field, message) => {
      const res = await get(ALICE, path);
      expect(res.status).toBe(400);
      expect(res.body.problems).toEqual([{ path: field, message }]);
    });
  });

  describe('Power BI per page (local double)', () => {
    it('a page with a report gets an embed fetched by the server; the secret never in the answer', async () => {
      const before = double.requests.length;
      const res = await get(ALICE, 'erpTime/embed');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body).toEqual({
        powerBi: true,
        embed: {
          reportId: ERP_TIME_REPORT,
          embedUrl: `https://app.powerbi.com/reportEmbed?reportId=${ERP_TIME_REPORT}&groupId=${WORKSPACE}`,
          accessToken: `embed:${ERP_TIME_REPORT}:alice.admin@smartwork.example`,
          expiresAt: '2026-11-23T11:00:00.000Z',
          filters: [],
        },
      });
      expect(JSON.stringify(res.body)).not.toContain(DOUBLE.clientSecret);
      const sent = double.requests.slice(before);
      expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(
        expect.arrayContaining([
          `GET /v1.0/myorg/groups/${WORKSPACE}/reports/${ERP_TIME_REPORT}`,
          `POST /v1.0/myorg/groups/${WORKSPACE}/reports/${ERP_TIME_REPORT}/GenerateToken`,
        ]),
      );
      expect(double.tokenRequests().at(-1)?.body).toMatchObject({ client_secret: DOUBLE.clientSecret });
    });

    it('a page without a report says so (the built-in view is shown)', async () => {
      for (const page of ['erpExpenses', 'erpOvertime', 'azureCost', 'office365', 'skillsMatrix']) {
        const res = await get(ALICE, `${page}/embed`);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ powerBi: false });
      }
    });

    it('Power BI failing is 503 with the portal’s sentence, nothing upstream', async () => {
      double.failNext('/GenerateToken', 500, 'Internal upstream detail');
      const res = await get(ALICE, 'erpTime/embed');
      expect(res.status).toBe(503);
      expect(JSON.stringify(res.body)).not.toContain('upstream detail');
    });
  });
});
