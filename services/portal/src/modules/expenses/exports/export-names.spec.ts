// Fixed dates: file names and requests of given date ranges.
import { describe, expect, it } from '@jest/globals';
import { currencyNumberFormat } from './currency-format';
import { attachmentDisposition } from '../../../platform/http/file-download';
import { receiptsZipFileName, sanitiseNamePart, zipEntryNames } from './download-names';
import { expenseExportFileName } from './expense-workbook';
import { receiptsDownloadSchema, receiptsRangeDownloadSchema } from '@portal/contracts';
import { receiptsSelectionOf } from './request-receipts-zip';
import {
  receiptsZipJobId,
  receiptsZipStorageKey,
  requesterOfJobId,
  type ReceiptsZipJob,
} from './receipts-zip.job';

describe('currency formats of the Claimed cells', () => {
  it.each([
    ['USD', '"$"#,##0.00;-"$"#,##0.00'],
    ['CAD', '"C$"#,##0.00;-"C$"#,##0.00'],
    ['EUR', '"€"#,##0.00;-"€"#,##0.00'],
    ['INR', '"₹"#,##0.00;-"₹"#,##0.00'],
    ['GBP', '"£"#,##0.00;-"£"#,##0.00'],
    ['AUD', '"A$"#,##0.00;-"A$"#,##0.00'],
    [' cad ', '"C$"#,##0.00;-"C$"#,##0.00'],
  ])('%s -> %s', (code, format) => {
    expect(currencyNumberFormat(code)).toBe(format);
  });

  it('shows an unknown code after the amount, and no currency as a plain amount', () => {
    expect(currencyNumberFormat('CHF')).toBe('#,##0.00 "CHF";-#,##0.00 "CHF"');
    expect(currencyNumberFormat('"X')).toBe('#,##0.00 "X";-#,##0.00 "X"');
    expect(currencyNumberFormat(null)).toBe('#,##0.00');
    expect(currencyNumberFormat('  ')).toBe('#,##0.00');
  });
});

describe('download names', () => {
  it('names the export after its period', () => {
    expect(expenseExportFileName('2026-11-01', '2026-11-30')).toBe('Expenses-2026-11-01-2026-11-30.xlsx');
  });

  it('names the zip from person, project and month, with nothing unsafe in it', () => {
    expect(receiptsZipFileName('Zoë Ångström', 'Acme / Roll-out "2"', '2026-11')).toBe(
      'Zoe_Angstrom-Acme_Roll_out_2-2026-11.zip',
    );
    expect(receiptsZipFileName('../..', '', '2026-01')).toBe('person-project-2026-01.zip');
    expect(sanitiseNamePart('x'.repeat(100), 'f')).toHaveLength(60);
  });

  it('gives every receipt a distinct safe entry name, keeping the order', () => {
    expect(
      zipEntryNames([
        { receiptId: 'a', date: '2026-11-03', fileName: 'Dinner.pdf' },
        { receiptId: 'b', date: '2026-11-03', fileName: 'dinner.PDF' },
        { receiptId: 'c', date: '2026-11-03', fileName: 'C:\\Users\\me\\dinner.pdf' },
        { receiptId: 'd', date: '2026-11-04', fileName: '../../etc/passwd' },
        { receiptId: 'e', date: '2026-11-05', fileName: '...pdf' },
        { receiptId: 'f', date: '2026-11-06', fileName: 'Taxi: "night" <1>.pdf' },
      ]),
    ).toEqual([
      '2026-11-03-Dinner.pdf',
      '2026-11-03-dinner (2).pdf',
      '2026-11-03-dinner (3).pdf',
      '2026-11-04-passwd.pdf',
      '2026-11-05-receipt.pdf',
      '2026-11-06-Taxi_ _night_ _1_.pdf',
    ]);
  });

  it('quotes the attachment name for old and new clients', () => {
    expect(attachmentDisposition('Zoe-Acme-2026-11.zip')).toBe(
      `attachment; filename="Zoe-Acme-2026-11.zip"; filename*=UTF-8''Zoe-Acme-2026-11.zip`,
    );
  });
});

describe('receipts zip job ids', () => {
  const job: ReceiptsZipJob = {
    requesterId: 7,
    employeeId: 7,
    projectId: 12,
    period: '2026-11',
    fileName: 'Alice-Acme-2026-11.zip',
    entries: [{ receiptId: 'r1', storageKey: 'receipts/7/r1.pdf', name: '2026-11-03-a.pdf', size: 10 }],
  };

  it('is the same for the same request and changes with anything the zip is made of', () => {
    expect(receiptsZipJobId(job)).toBe(receiptsZipJobId({ ...job, entries: [...job.entries] }));
    expect(receiptsZipJobId(job)).toMatch(/^expenses-zip-7-[0-9a-f]{40}$/);
    const others = [
      { ...job, requesterId: 1 },
      { ...job, employeeId: 8 },
      { ...job, projectId: 13 },
      { ...job, period: '2026-10' },
      { ...job, entries: [...job.entries, { ...job.entries[0], receiptId: 'r2' }] },
      { ...job, entries: [{ ...job.entries[0], name: 'other.pdf' }] },
    ];
    for (const other of others) expect(receiptsZipJobId(other)).not.toBe(receiptsZipJobId(job));
    expect(receiptsZipJobId(job, 2)).toBe(`${receiptsZipJobId(job)}-r2`);
  });

  it('tells the requester back, and only for its own ids', () => {
    expect(requesterOfJobId(receiptsZipJobId(job))).toBe(7);
    expect(requesterOfJobId(receiptsZipJobId({ ...job, requesterId: 123 }, 1))).toBe(123);
    expect(requesterOfJobId('timesheets-late-7')).toBeNull();
    expect(requesterOfJobId('expenses-zip-7-xyz')).toBeNull();
    expect(receiptsZipStorageKey('expenses-zip-7-ab')).toBe('downloads/expenses-zip-7-ab.zip');
  });
});

describe('Download Expenses request', () => {
  it('flags each missing field on its own', () => {
    const result = receiptsDownloadSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['month', 'Month is required.'],
      ['projectId', 'Project is required.'],
    ]);
  });

  it('accepts a month and a project id', () => {
    expect(receiptsDownloadSchema.parse({ month: '2026-11', projectId: 12 })).toEqual({
      month: '2026-11',
      projectId: 12,
      employeeId: null,
    });
    expect(receiptsDownloadSchema.safeParse({ month: '2026-13', projectId: 'x' }).error?.issues).toHaveLength(
      2,
    );
  });

  it('accepts the days of a billing period, and names them unless they are a month', () => {
    const period = receiptsRangeDownloadSchema.parse({
      start: '2026-10-26',
      end: '2026-11-25',
      projectId: 12,
    });
    expect(period).toEqual({ start: '2026-10-26', end: '2026-11-25', projectId: 12, employeeId: null });
    expect(receiptsSelectionOf(period)).toEqual({
      first: '2026-10-26',
      last: '2026-11-25',
      name: '2026-10-26_2026-11-25',
    });
    expect(
      receiptsSelectionOf({ start: '2028-02-01', end: '2028-02-29', projectId: 12, employeeId: null }),
    ).toEqual({ first: '2028-02-01', last: '2028-02-29', name: '2028-02' });
    expect(receiptsSelectionOf({ month: '2100-02', projectId: 12, employeeId: null })).toEqual({
      first: '2100-02-01',
      last: '2100-02-28',
      name: '2100-02',
    });
    expect(receiptsZipFileName('Carlos Contractor', 'Pipeline', '2026-10-26_2026-11-25')).toBe(
      'Carlos_Contractor-Pipeline-2026-10-26_2026-11-25.zip',
    );
  });
});
