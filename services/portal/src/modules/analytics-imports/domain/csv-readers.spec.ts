// Fixed dates: CSV exports with their own dates, read by the parsers.
import { DomainError } from '../../../kernel/domain-error';
import { AzureCostReader, monthOfAzureDate } from './azure-cost-csv';
import { Office365Reader } from './office365-csv';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) {
      expect(error.code).toBe('validation');
      expect(error.problems.map((p) => p.path)).toEqual(['file']);
      return error.message;
    }
    throw error;
  }
  throw new Error('not refused');
}

function readAzure(lines: string[][]) {
  const reader = new AzureCostReader();
  reader.header(lines[0]!);
  lines.slice(1).forEach((row, i) => reader.row(row, i + 2));
  return reader.result();
}

describe('Azure cost export: columns by heading', () => {
  it('refuses a file whose columns are not an Azure export, naming the missing ones', () => {
    expect(refusal(() => new AzureCostReader().header(['Date', 'Amount', 'Project']))).toBe(
      'This file is not an Azure cost export: missing columns ServiceName (or MeterCategory), ' +
        'CostInBillingCurrency (or Cost), BillingCurrency (or Currency).',
    );
  });

  it('accepts the cost details headings (EA PascalCase, MCA camelCase) and the cost analysis ones', () => {
    const ea = new AzureCostReader();
    ea.header([
      '\uFEFFBillingAccountId',
      'Date',
      'MeterCategory',
      'CostInBillingCurrency',
      'BillingCurrency',
    ]);
    const mca = new AzureCostReader();
    mca.header(['date', 'serviceFamily', 'meterCategory', 'costInBillingCurrency', 'billingCurrency']);
    const analysis = new AzureCostReader();
    analysis.header(['UsageDate', 'ServiceName', 'Cost', 'Currency']);
    analysis.row(['20260105', 'Storage', '1.5', 'USD'], 2);
    expect(analysis.result().columns).toEqual({
      date: 'UsageDate',
      service: 'ServiceName',
      cost: 'Cost',
      currency: 'Currency',
    });
  });

  it('prefers ServiceName to MeterCategory when a file has both', () => {
    const result = readAzure([
      ['Date', 'MeterCategory', 'ServiceName', 'CostInBillingCurrency', 'BillingCurrency'],
      ['2026-01-03', 'Virtual Machines', 'Compute', '2', 'USD'],
    ]);
    expect(result.costs.map((c) => c.service)).toEqual(['Compute']);
  });
});

describe('Azure cost export: sums', () => {
  it('sums exactly per month, service and currency (decimal, no float drift)', () => {
    const result = readAzure([
      ['Date', 'ServiceName', 'CostInBillingCurrency', 'BillingCurrency'],
      ['01/05/2026', 'Storage', '0.1', 'USD'],
      ['01/20/2026', 'Storage', '0.2', 'USD'],
      ['2026-01-31', 'Virtual Machines', '10.123456789', 'USD'],
      ['2026-02-01T00:00:00Z', 'Storage', '1.2E-05', 'USD'],
      ['2026-02-02', 'Storage', '3', 'CAD'],
      ['', '', '', ''],
    ]);
    expect(result.costs).toEqual([
      { month: '2026-01', service: 'Storage', currency: 'USD', cost: '0.3' },
      { month: '2026-01', service: 'Virtual Machines', currency: 'USD', cost: '10.123456789' },
      { month: '2026-02', service: 'Storage', currency: 'CAD', cost: '3' },
      { month: '2026-02', service: 'Storage', currency: 'USD', cost: '0.000012' },
    ]);
    expect(result).toMatchObject({ rowCount: 5, firstMonth: '2026-01', lastMonth: '2026-02' });
  });

  it('names the row of a bad date, a bad cost or an empty service', () => {
    const header = ['Date', 'ServiceName', 'Cost', 'Currency'];
    expect(
      refusal(() => readAzure([header, ['2026-01-01', 'S', '1', 'USD'], ['13/40/2026', 'S', '1', 'USD']])),
    ).toBe("Row 3: the date '13/40/2026' is not a date (YYYY-MM-DD, MM/DD/YYYY or YYYYMMDD).");
    expect(refusal(() => readAzure([header, ['2026-01-01', 'S', 'ten', 'USD']]))).toBe(
      "Row 2: the cost 'ten' is not a number.",
    );
    expect(refusal(() => readAzure([header, ['2026-01-01', ' ', '1', 'USD']]))).toBe(
      'Row 2: the service name is empty.',
    );
    expect(refusal(() => readAzure([header]))).toBe('The file has column headings but no rows.');
  });

  it('reads the months of each date form', () => {
    expect(monthOfAzureDate('2026-03-31')).toBe('2026-03');
    expect(monthOfAzureDate('3/1/2026')).toBe('2026-03');
    expect(monthOfAzureDate('20260229')).toBeNull();
    expect(monthOfAzureDate('20240229')).toBe('2024-02');
    expect(monthOfAzureDate('March 2026')).toBeNull();
  });
});

describe('Microsoft 365 users export', () => {
  const detail = [
    'Report Refresh Date',
    'User Principal Name',
    'Display Name',
    'Is Deleted',
    'Exchange Last Activity Date',
    'Teams Last Activity Date',
    'Assigned Products',
  ];

  it('counts licences per product, users, licensed and active users from the active user detail report', () => {
    const reader = new Office365Reader();
    reader.header(detail);
    reader.row([
      '2026-01-31',
      'ada@firm.com',
      'Ada',
      'False',
      '2026-01-30',
      '',
      'Microsoft 365 E3+Power BI Pro',
    ]);
    reader.row(['2026-01-31', 'bo@firm.com', 'Bo', 'False', '', '', 'Microsoft 365 E3']);
    reader.row(['2026-01-31', 'cy@firm.com', 'Cy', 'False', '', '2026-01-02', '']);
    reader.row(['2026-01-31', 'old@firm.com', 'Old', 'True', '', '', 'Microsoft 365 E3']);
    expect(reader.result('2026-02-10')).toEqual({
      kind: 'active-user-detail',
      reportDate: '2026-01-31',
      users: 3,
      licensedUsers: 2,
      activeUsers: 2,
      licences: [
        { sku: 'Microsoft 365 E3', assigned: 2 },
        { sku: 'Power BI Pro', assigned: 1 },
      ],
    });
  });

  it('reads the Active users list (Licenses, no activity): the upload day, active users unknown', () => {
    const reader = new Office365Reader();
    reader.header(['Block credential', 'Display name', 'Licenses', 'User principal name']);
    reader.row(['False', 'Ada', 'Microsoft 365 Business Standard', 'ada@firm.com']);
    reader.row(['False', 'Guest', 'Unlicensed', 'guest@firm.com']);
    expect(reader.result('2026-02-10')).toMatchObject({
      kind: 'active-users',
      reportDate: '2026-02-10',
      users: 2,
      licensedUsers: 1,
      activeUsers: null,
    });
  });

  it('refuses another file, naming the missing columns', () => {
    expect(refusal(() => new Office365Reader().header(['Date', 'ServiceName', 'Cost', 'Currency']))).toBe(
      'This file is not a Microsoft 365 users export: missing columns User Principal Name, Display Name, ' +
        'Assigned Products (or Licenses).',
    );
  });
});
