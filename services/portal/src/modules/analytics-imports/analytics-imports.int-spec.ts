// Fixed dates: the vendors' exports with their own months; the app runs at the file's own instant (NOW).
import ExcelJS from 'exceljs';
import {
  importMessages,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROW_BYTES,
  sumDecimals,
  type AzureCostAnswer,
  type Office365Answer,
} from '@portal/contracts';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { eventCount, eventsOf } from '../../../test/event-log';

/* The Azure cost and Microsoft 365 uploads through the whole app, with the vendors' column names. */
let t: TestApp;
let alice: string;
let carlos: string;

const ALICE = 1; // admin
const CARLOS = 3; // not an admin
/** The app's clock; the vendors' files carry their own months, which no window around today limits. */
const NOW = '2026-11-23T10:00:00.000Z';

beforeAll(async () => {
  t = await startTestApp({ now: NOW, seedDemo: true });
  [alice, carlos] = await Promise.all([t.signIn(ALICE), t.signIn(CARLOS)]);
});

afterAll(async () => {
  await t?.close();
});

async function upload(path: string, token: string, text: string, name = 'export.csv') {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), name);
  const response = await fetch(`${t.baseUrl}/api/admin/analytics/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

// An EA cost details export cut to a few rows and columns, quoted like the portal writes it.
const AZURE_ROWS = [
  ['01/03/2026', 'Virtual Machines', '12.3456789'],
  ['01/17/2026', 'Virtual Machines', '7.6543211'],
  ['01/20/2026', 'Storage', '0.1'],
  ['01/21/2026', 'Storage', '0.2'],
  ['02/02/2026', 'Storage', '1.5E-02'],
  ['02/09/2026', 'Azure App Service', '"1,234.50"'],
];
const AZURE_CSV = [
  '\uFEFFInvoiceSectionName,AccountName,Date,MeterCategory,ResourceGroup,CostInBillingCurrency,BillingCurrency',
  ...AZURE_ROWS.map(([date, meter, cost]) => `Main,Ops,${date},${meter},rg-${meter!.length},${cost},USD`),
].join('\r\n');

describe('Azure cost export', () => {
  it('records the figures summed exactly per service and month, and shows them', async () => {
    const answer = await upload('azure-cost/imports', alice, AZURE_CSV, 'cost-details-2026-01.csv');
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ rowCount: 6, position: expect.stringMatching(/^\d+\/\d+$/) });
    const [event] = await eventsOf(t.db.db, 'azure-cost-imports', 'AzureCostImported');
    expect(event!.data).toMatchObject({
      fileName: 'cost-details-2026-01.csv',
      firstMonth: '2026-01',
      lastMonth: '2026-02',
      columns: {
        date: 'Date',
        service: 'MeterCategory',
        cost: 'CostInBillingCurrency',
        currency: 'BillingCurrency',
      },
    });
    expect(event!.metadata.actor.name).toBe('Alice Admin');

    // No wait for the projections: the answer came once the read models showed the import.
    const res = await t.http<AzureCostAnswer>('GET', '/api/admin/analytics/azure-cost', { token: alice });
    expect(res.status).toBe(200);
    expect(res.body.costs).toEqual([
      { month: '2026-01', service: 'Storage', currency: 'USD', cost: '0.3' },
      { month: '2026-01', service: 'Virtual Machines', currency: 'USD', cost: '20' },
      { month: '2026-02', service: 'Azure App Service', currency: 'USD', cost: '1234.5' },
      { month: '2026-02', service: 'Storage', currency: 'USD', cost: '0.015' },
    ]);
    // The total equals the file's own sum, in decimal.
    expect(res.body.totals).toEqual([
      { currency: 'USD', cost: sumDecimals(['12.3456789', '7.6543211', '0.1', '0.2', '0.015', '1234.50']) },
    ]);
    expect(res.body.imports).toHaveLength(1);

    const filtered = await t.http<AzureCostAnswer>(
      'GET',
      '/api/admin/analytics/azure-cost?from=2026-02&service=Storage',
      {
        token: alice,
      },
    );
    expect(filtered.body.costs).toEqual([
      { month: '2026-02', service: 'Storage', currency: 'USD', cost: '0.015' },
    ]);

    const xlsx = await fetch(
      `${t.baseUrl}/api/admin/analytics/azure-cost/export?from=2026-02&service=Storage`,
      {
        headers: { authorization: `Bearer ${alice}` },
      },
    );
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const values = workbook
      .getWorksheet('Azure Cost')!
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(values).toContainEqual(['From', '2026-02']);
    expect(values).toContainEqual(['2026-02', 'Storage', 'USD', 0.015]);
  });

  it('a later upload of a month replaces that month, not the others', async () => {
    const again = ['Date,ServiceName,Cost,Currency', '2026-02-15,Storage,5,USD'].join('\n');
    expect((await upload('azure-cost/imports', alice, again)).status).toBe(201);
    const res = await t.http<AzureCostAnswer>('GET', '/api/admin/analytics/azure-cost', { token: alice });
    expect(res.body.costs.filter((c) => c.month === '2026-02')).toEqual([
      { month: '2026-02', service: 'Storage', currency: 'USD', cost: '5' },
    ]);
    expect(res.body.costs.filter((c) => c.month === '2026-01')).toHaveLength(2);
    expect(res.body.imports).toHaveLength(2);
  });

  it('refuses a file whose columns do not match, naming them, and records nothing', async () => {
    const before = await eventCount(t.db.db);
    const answer = await upload('azure-cost/imports', alice, 'Date,Amount,Project\n2026-01-01,3,Alpha\n');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      importMessages.notAzure([
        'ServiceName (or MeterCategory)',
        'CostInBillingCurrency (or Cost)',
        'BillingCurrency (or Currency)',
      ]),
    );
    expect(answer.body.problems).toEqual([{ path: 'file', message: answer.body.message }]);
    expect(await eventCount(t.db.db)).toBe(before);
  });

  it('refuses an xlsx file and a bad cost with a message, nothing recorded', async () => {
    const before = await eventCount(t.db.db);
    const zip = await upload('azure-cost/imports', alice, 'PK\u0003\u0004 not really a workbook');
    expect(zip).toMatchObject({ status: 400, body: { message: importMessages.wrongType } });
    const bad = await upload(
      'azure-cost/imports',
      alice,
      'Date,ServiceName,Cost,Currency\n2026-01-01,S,abc,USD\n',
    );
    expect(bad).toMatchObject({ status: 400, body: { message: importMessages.badCost(2, 'abc') } });
    expect(await eventCount(t.db.db)).toBe(before);
  });
});

describe('Microsoft 365 users export', () => {
  const DETAIL = [
    'Report Refresh Date,User Principal Name,Display Name,Is Deleted,Deleted Date,Exchange Last Activity Date,OneDrive Last Activity Date,Teams Last Activity Date,Assigned Products',
    '2026-01-31,ada@firm.example,Ada,False,,2026-01-30,,2026-01-29,Microsoft 365 E3+Power BI Pro',
    '2026-01-31,bo@firm.example,Bo,False,,,,,Microsoft 365 E3',
    '2026-01-31,cy@firm.example,Cy,False,,,2026-01-12,,',
  ].join('\n');

  it('records licences and active users, and shows the newest report', async () => {
    const answer = await upload('office365/imports', alice, DETAIL, 'ActiveUserDetail.csv');
    expect(answer.status).toBe(201);
    // No wait for the projections (read-your-writes).
    const res = await t.http<Office365Answer>('GET', '/api/admin/analytics/office365', { token: alice });
    expect(res.body.selected).toMatchObject({
      fileName: 'ActiveUserDetail.csv',
      kind: 'active-user-detail',
      reportDate: '2026-01-31',
      users: 3,
      licensedUsers: 2,
      activeUsers: 2,
    });
    expect(res.body.licences).toEqual([
      { sku: 'Microsoft 365 E3', assigned: 2 },
      { sku: 'Power BI Pro', assigned: 1 },
    ]);
  });

  it('refuses an Azure file as a Microsoft 365 export, nothing recorded', async () => {
    const before = await eventCount(t.db.db);
    const answer = await upload('office365/imports', alice, AZURE_CSV);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      importMessages.notOffice365(['User Principal Name', 'Display Name', 'Assigned Products (or Licenses)']),
    );
    expect(await eventCount(t.db.db)).toBe(before);
  });
});

describe('admins only', () => {
  it('answers 403 to anyone else before reading the file, and records nothing', async () => {
    const before = await eventCount(t.db.db);
    expect((await upload('azure-cost/imports', carlos, AZURE_CSV)).status).toBe(403);
    expect((await upload('office365/imports', carlos, 'x')).status).toBe(403);
    for (const path of ['azure-cost', 'azure-cost/export', 'office365', 'office365/export'])
      expect((await t.http('GET', `/api/admin/analytics/${path}`, { token: carlos })).status).toBe(403);
    expect(await eventCount(t.db.db)).toBe(before);
  });
});

describe('the largest file and row', () => {
  const header = 'Date,ServiceName,ResourceGroup,Cost,Currency\r\n';
  /** A row of the run's day, its resource group `padding` letters long. */
  const row = (padding: number) => `${NOW.slice(0, 10)},Storage,${'x'.repeat(padding)},0.5,USD\r\n`;
  /** The padding that makes a row `bytes` long, its line break not counted. */
  const paddingFor = (bytes: number) => bytes - (row(0).length - 2);

  /** A cost export of exactly `bytes` bytes (ASCII) in rows of about 1 KB; and how many rows it has. */
  function azureCsvOf(bytes: number): { text: string; rows: number } {
    const full = row(paddingFor(1022));
    const fullRows = Math.floor((bytes - header.length) / full.length) - 1;
    const rest = bytes - header.length - fullRows * full.length;
    return { text: header + full.repeat(fullRows) + row(paddingFor(rest - 2)), rows: fullRows + 1 };
  }

  it('takes a file of exactly the largest size, and refuses one byte more, recording nothing', async () => {
    const largest = azureCsvOf(MAX_IMPORT_BYTES);
    expect(Buffer.byteLength(largest.text)).toBe(MAX_IMPORT_BYTES);
    const before = await eventCount(t.db.db);
    const over = await upload('azure-cost/imports', alice, azureCsvOf(MAX_IMPORT_BYTES + 1).text);
    expect(over).toMatchObject({
      status: 400,
      body: { problems: [{ path: 'file', message: importMessages.tooLarge }] },
    });
    expect(await eventCount(t.db.db)).toBe(before);
    const taken = await upload('azure-cost/imports', alice, largest.text);
    expect(taken).toMatchObject({ status: 201, body: { rowCount: largest.rows } });
    expect(await eventCount(t.db.db)).toBe(before + 1);
  });

  it('takes a row of exactly the longest length, and refuses one byte more naming its row', async () => {
    const before = await eventCount(t.db.db);
    const longest = await upload('azure-cost/imports', alice, header + row(paddingFor(MAX_IMPORT_ROW_BYTES)));
    expect(longest).toMatchObject({ status: 201, body: { rowCount: 1 } });
    const over = await upload(
      'azure-cost/imports',
      alice,
      header + row(paddingFor(MAX_IMPORT_ROW_BYTES + 1)),
    );
    expect(over).toMatchObject({
      status: 400,
      body: { problems: [{ path: 'file', message: importMessages.rowTooLong(2) }] },
    });
    expect(await eventCount(t.db.db)).toBe(before + 1);
  });
});
