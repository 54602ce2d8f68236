// Fixed dates: expenses written straight to the read models with their own dates; the app runs at the file's own instant (NOW).
/*
 * Over 300 lines on purpose: the export and receipts-zip journeys share one seeded portal, its
 * receipts on disk and the BullMQ queue.
 */
import { onBullMq } from '../../../../test/bullmq-queue';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { startTestApp, type TestApp } from '../../../../test/app-harness';
import { downloadFile, firstSheet } from '../../../../test/downloads';
import { InMemoryStaffDirectory, testPerson } from '../../../../test/in-memory-staff-directory';
import { TEST_REDIS_URL, uniqueRedisPrefix } from '../../../../test/services';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { LocalFileStorage } from '../../../platform/files/local-file-storage';
import { minimalPdf } from '../receipts/test/minimal-pdf';
import {
  createExportReadModels,
  expenseRow,
  insertExpenses,
  storeReceipt,
  SlowReceiptStorage,
  type StoredReceipt,
} from './test/export-fixtures';
import { EXPORT_HEADERS } from './expense-workbook';
import { readZip } from './test/read-zip';

const ALICE = testPerson(7, 'Alice Smith');
const BOB = testPerson(8, 'Bob Jones');
const ADA = testPerson(1, 'Ada Admin', { isAdmin: true });
const ACME = { projectId: 12, projectName: 'Acme Rollout' };
const MAPLE = { projectId: 14, projectName: 'Maple Support' };
const FILES_MISSING = 'Files do not exist for current selection, please try modifying the filters.';
const RECEIPT_DELAY_MS = 15;
/** The app's clock (a Monday): the expenses below are written straight to the read models around it. */
const NOW = '2026-11-23T10:00:00.000Z';

describe('expense exports over HTTP (real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let dataDir: string;
  let storage: FileStorage;
  let slow: SlowReceiptStorage;
  const tokens: Record<number, string> = {};

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-exports-'));
    const prefix = uniqueRedisPrefix('expense-exports');
    t = await startTestApp({
      now: NOW,
      roles: 'api,worker',
      redisUrl: TEST_REDIS_URL,
      env: { DATA_DIR: dataDir },
      staffDirectory: new InMemoryStaffDirectory([ALICE, BOB, ADA]),
      override: (builder) =>
        onBullMq(builder, { prefix })
          .overrideProvider(FileStorage)
          .useValue(
            (slow = new SlowReceiptStorage(new LocalFileStorage(join(dataDir, 'files')), RECEIPT_DELAY_MS)),
          ),
    });
    storage = t.app.get(FileStorage);
    await createExportReadModels(t.db.db);
    for (const person of [ALICE, BOB, ADA]) tokens[person.staffId] = await t.signIn(person.staffId);
  });

  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** GET with the raw bytes of the answer. */
  const download = (path: string, token: string) => downloadFile(t, path, token);

  const loadWorkbook = async (bytes: Buffer) => {
    const sheet = await firstSheet(bytes);
    const rows: { values: unknown[]; formats: (string | undefined)[] }[] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      const values: unknown[] = [];
      const formats: (string | undefined)[] = [];
      for (let c = 1; c <= EXPORT_HEADERS.length; c++) {
        const cell = row.getCell(c);
        values.push(cell.value);
        formats.push(cell.numFmt);
      }
      rows.push({ values, formats });
    });
    return { sheet, rows };
  };

  describe('GET /api/expenses/export', () => {
    const day = (date: string) => new Date(`${date}T00:00:00.000Z`);
    const usd = '"$"#,##0.00;-"$"#,##0.00';
    const cad = '"C$"#,##0.00;-"C$"#,##0.00';

    beforeAll(async () => {
      const alice = { employeeId: ALICE.staffId, employeeName: ALICE.name };
      await insertExpenses(t.db.db, [
        // Alice, November: two USD projects-worth of rows and one CAD project.
        expenseRow({ ...alice, ...ACME, date: '2026-11-10', categoryName: 'Parking', claimed: '12.5' }),
        expenseRow({
          ...alice,
          ...ACME,
          date: '2026-11-03',
          categoryName: 'Meals',
          currency: 'EUR',
          amount: '100.00',
          rate: '1.0815',
          claimed: '108.15',
        }),
        expenseRow({
          ...alice,
          ...MAPLE,
          date: '2026-11-05',
          categoryName: 'Hotel',
          currency: 'USD',
          amount: '200',
          rate: '1.3912',
          projectCurrency: 'CAD',
          claimed: '278.24',
        }),
        expenseRow({ ...alice, ...ACME, date: '2026-11-30', categoryName: 'Supplies', claimed: '0.10' }),
        // Outside the period, and someone else's.
        expenseRow({ ...alice, ...ACME, date: '2026-12-01', claimed: '999' }),
        expenseRow({ ...alice, ...ACME, date: '2026-10-31', claimed: '999' }),
        expenseRow({
          employeeId: BOB.staffId,
          employeeName: BOB.name,
          ...ACME,
          date: '2026-11-04',
          claimed: '40',
        }),
      ]);
    });

    it('streams the signed-in person’s expenses of the period as Expenses-{start}-{end}.xlsx, cell by cell', async () => {
      const answer = await download(
        '/api/expenses/export?start=2026-11-01&end=2026-11-30',
        tokens[ALICE.staffId],
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(answer.headers.get('content-disposition')).toContain(
        'filename="Expenses-2026-11-01-2026-11-30.xlsx"',
      );
      expect(answer.headers.get('transfer-encoding')).toBe('chunked');

      const { rows } = await loadWorkbook(answer.bytes);
      expect(rows.map((r) => r.values)).toEqual([
        ['Date', 'Project', 'Category', 'Currency', 'Claimed', 'Amount', 'Claimed currency'],
        [day('2026-11-03'), 'Acme Rollout', 'Meals', 'EUR', 108.15, 100, 'USD'],
        [day('2026-11-05'), 'Maple Support', 'Hotel', 'USD', 278.24, 200, 'CAD'],
        [day('2026-11-10'), 'Acme Rollout', 'Parking', 'USD', 12.5, 12.5, 'USD'],
        [day('2026-11-30'), 'Acme Rollout', 'Supplies', 'USD', 0.1, 0.1, 'USD'],
        ['Total', null, null, 'CAD', 278.24, null, 'CAD'],
        ['Total', null, null, 'USD', 120.75, null, 'USD'],
      ]);
      const eur = '"€"#,##0.00;-"€"#,##0.00';
      expect(rows.slice(1, 5).map((r) => r.formats)).toEqual([
        ['yyyy-mm-dd', undefined, undefined, undefined, usd, eur, undefined],
        ['yyyy-mm-dd', undefined, undefined, undefined, cad, usd, undefined],
        ['yyyy-mm-dd', undefined, undefined, undefined, usd, usd, undefined],
        ['yyyy-mm-dd', undefined, undefined, undefined, usd, usd, undefined],
      ]);
      expect(rows[5].formats[4]).toBe(cad);
      expect(rows[6].formats[4]).toBe(usd);
    });

    it('shows a USD receipt claimed in CAD with each amount beside its own currency', async () => {
      const answer = await download(
        `/api/expenses/export?start=2026-11-01&end=2026-11-30&projectId=${MAPLE.projectId}`,
        tokens[ALICE.staffId],
      );
      const { rows } = await loadWorkbook(answer.bytes);
      const column = (name: (typeof EXPORT_HEADERS)[number]) => EXPORT_HEADERS.indexOf(name);
      const [hotel, total] = rows.slice(1);
      const read = (row: (typeof rows)[number], name: (typeof EXPORT_HEADERS)[number]) => ({
        value: row.values[column(name)],
        format: row.formats[column(name)],
      });
      expect(read(hotel, 'Currency').value).toBe('USD');
      expect(read(hotel, 'Amount')).toEqual({ value: 200, format: usd });
      expect(read(hotel, 'Claimed currency').value).toBe('CAD');
      expect(read(hotel, 'Claimed')).toEqual({ value: 278.24, format: cad });
      expect(read(total, 'Claimed currency').value).toBe('CAD');
      expect(read(total, 'Claimed')).toEqual({ value: 278.24, format: cad });
    });

    it('filters by project and gives one Total row for one currency', async () => {
      const answer = await download(
        `/api/expenses/export?start=2026-11-01&end=2026-11-30&projectId=${ACME.projectId}`,
        tokens[ALICE.staffId],
      );
      expect(answer.status).toBe(200);
      const { rows } = await loadWorkbook(answer.bytes);
      expect(rows.map((r) => r.values)).toEqual([
        ['Date', 'Project', 'Category', 'Currency', 'Claimed', 'Amount', 'Claimed currency'],
        [day('2026-11-03'), 'Acme Rollout', 'Meals', 'EUR', 108.15, 100, 'USD'],
        [day('2026-11-10'), 'Acme Rollout', 'Parking', 'USD', 12.5, 12.5, 'USD'],
        [day('2026-11-30'), 'Acme Rollout', 'Supplies', 'USD', 0.1, 0.1, 'USD'],
        ['Total', null, null, 'USD', 120.75, null, 'USD'],
      ]);
    });

    it('lets an admin export someone else’s expenses, and nobody else', async () => {
      const byAdmin = await download(
        `/api/expenses/export?start=2026-11-01&end=2026-11-30&employeeId=${BOB.staffId}`,
        tokens[ADA.staffId],
      );
      expect(byAdmin.status).toBe(200);
      expect((await loadWorkbook(byAdmin.bytes)).rows.map((r) => r.values)).toEqual([
        ['Date', 'Project', 'Category', 'Currency', 'Claimed', 'Amount', 'Claimed currency'],
        [day('2026-11-04'), 'Acme Rollout', 'Other', 'USD', 40, 40, 'USD'],
        ['Total', null, null, 'USD', 40, null, 'USD'],
      ]);

      const byAlice = await t.http(
        'GET',
        `/api/expenses/export?start=2026-11-01&end=2026-11-30&employeeId=${BOB.staffId}`,
        {
          token: tokens[ALICE.staffId],
        },
      );
      expect(byAlice.status).toBe(403);
      expect(byAlice.body.message).toBe('Only admins can export or download the expenses of someone else.');
    });

    it('answers an empty period with the header and a zero total', async () => {
      const answer = await download(
        '/api/expenses/export?start=2026-01-01&end=2026-01-31',
        tokens[ALICE.staffId],
      );
      expect(answer.status).toBe(200);
      expect((await loadWorkbook(answer.bytes)).rows.map((r) => r.values)).toEqual([
        ['Date', 'Project', 'Category', 'Currency', 'Claimed', 'Amount', 'Claimed currency'],
        ['Total', null, null, null, 0, null, null],
      ]);
    });

    it('names each bad query field', async () => {
      const missing = await t.http('GET', '/api/expenses/export?end=2026-11-30', {
        token: tokens[ALICE.staffId],
      });
      expect(missing.status).toBe(400);
      expect(missing.body.problems).toEqual([{ path: 'start', message: 'Start must have a value' }]);
      const reversed = await t.http('GET', '/api/expenses/export?start=2026-11-30&end=2026-11-01', {
        token: tokens[ALICE.staffId],
      });
      expect(reversed.status).toBe(400);
      expect(reversed.body.problems).toEqual([{ path: 'end', message: 'End must not be before Start' }]);
      expect((await t.http('GET', '/api/expenses/export?start=2026-11-01&end=2026-11-30')).status).toBe(401);
    });
  });

  describe('Download Expenses (the receipts zip job)', () => {
    const MONTH = '2026-10';
    let receipts: StoredReceipt[] = [];
    let expectedNames: string[] = [];

    beforeAll(async () => {
      // 55 receipts of Alice for Acme in October; a few share a file name, two are shared by two
      // expenses each (a per diem); one receipt of Maple and one of November must stay out.
      receipts = [];
      expectedNames = [];
      const rows: ReturnType<typeof expenseRow>[] = [];
      const alice = { employeeId: ALICE.staffId, employeeName: ALICE.name, ...ACME };
      for (let i = 0; i < 55; i++) {
        const date = `2026-10-${String(1 + (i % 28)).padStart(2, '0')}`;
        const fileName = i % 10 === 0 ? 'taxi.pdf' : `receipt-${i}.pdf`;
        const receipt = await storeReceipt(
          t.db.db,
          storage,
          ALICE.staffId,
          fileName,
          minimalPdf([`Receipt ${i}`, `Total ${i}.50`, 'x'.repeat(i)]),
        );
        receipts.push(receipt);
        rows.push(expenseRow({ ...alice, date, claimed: `${i}.50`, receiptId: receipt.receiptId }));
        if (i === 3 || i === 4)
          rows.push(expenseRow({ ...alice, date: '2026-10-28', claimed: '1', receiptId: receipt.receiptId }));
      }
      const maple = await storeReceipt(t.db.db, storage, ALICE.staffId, 'maple.pdf', minimalPdf(['Maple']));
      const november = await storeReceipt(t.db.db, storage, ALICE.staffId, 'nov.pdf', minimalPdf(['Nov']));
      rows.push(
        expenseRow({
          employeeId: ALICE.staffId,
          employeeName: ALICE.name,
          ...MAPLE,
          date: '2026-10-02',
          claimed: '5',
          receiptId: maple.receiptId,
        }),
        expenseRow({ ...alice, date: '2026-11-02', claimed: '5', receiptId: november.receiptId }),
        expenseRow({ ...alice, date: '2026-10-09', claimed: '7' }),
      );
      await insertExpenses(t.db.db, rows);

      // Entries come by first date, then receipt id; the same name twice gets ' (2)'.
      const order = receipts
        .map((r, i) => ({ r, i, date: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}` }))
        .sort((a, b) => a.date.localeCompare(b.date) || a.r.receiptId.localeCompare(b.r.receiptId));
      const taken = new Map<string, number>();
      receipts = order.map((o) => o.r);
      expectedNames = order.map((o) => {
        const stem = `${o.date}-${o.r.fileName.replace(/\.pdf$/, '')}`;
        const n = (taken.get(stem) ?? 0) + 1;
        taken.set(stem, n);
        return n === 1 ? `${stem}.pdf` : `${stem} (${n}).pdf`;
      });
    });

    const poll = async (jobId: string, token: string) => {
      const seen: number[] = [];
      const deadline = Date.now() + 60_000;
      for (;;) {
        const status = await t.http('GET', `/api/expenses/downloads/${jobId}`, { token });
        expect(status.status).toBe(200);
        seen.push(status.body.progress);
        if (status.body.state === 'completed' || status.body.state === 'failed')
          return { last: status.body, seen };
        if (Date.now() > deadline) throw new Error(`Job ${jobId} still ${status.body.state} after 60 s`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };

    it('zips every receipt of the month, shows progress, and hands out the zip', async () => {
      const started = await t.http('POST', '/api/expenses/downloads', {
        token: tokens[ALICE.staffId],
        body: { month: MONTH, projectId: ACME.projectId },
      });
      expect(started.status).toBe(202);
      const jobId = started.body.jobId as string;
      expect(jobId).toMatch(/^expenses-zip-7-/);

      // Not ready yet: the file is refused with 409; asking again reuses the job.
      const early = await t.http('GET', `/api/expenses/downloads/${jobId}/file`, {
        token: tokens[ALICE.staffId],
      });
      expect(early.status).toBe(409);
      expect(early.body.message).toBe('The download is not ready yet.');
      const again = await t.http('POST', '/api/expenses/downloads', {
        token: tokens[ALICE.staffId],
        body: { month: MONTH, projectId: ACME.projectId },
      });
      expect(again.body).toEqual({ jobId });

      const { last, seen } = await poll(jobId, tokens[ALICE.staffId]);
      expect(last).toEqual({
        state: 'completed',
        progress: 100,
        fileName: 'Alice_Smith-Acme_Rollout-2026-10.zip',
      });
      // Progress moves per file: many values between 0 and 100 were seen, never going back.
      const between = new Set(seen.filter((p) => p > 0 && p < 100));
      expect(between.size).toBeGreaterThanOrEqual(5);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      // Memory stays bounded: one receipt stream open at a time.
      expect(slow.mostOpenReceipts).toBe(1);

      const file = await download(`/api/expenses/downloads/${jobId}/file`, tokens[ALICE.staffId]);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/zip');
      expect(file.headers.get('content-disposition')).toContain(
        'filename="Alice_Smith-Acme_Rollout-2026-10.zip"',
      );
      const entries = await readZip(file.bytes);
      expect([...entries.keys()]).toEqual(expectedNames);
      expect(entries.size).toBe(55);
      receipts.forEach((receipt, i) =>
        expect(entries.get(expectedNames[i])?.equals(receipt.bytes)).toBe(true),
      );

      // An admin may follow the job too; another person may not.
      const byAdmin = await t.http('GET', `/api/expenses/downloads/${jobId}`, { token: tokens[ADA.staffId] });
      expect(byAdmin.body).toEqual(last);
      for (const path of [`/api/expenses/downloads/${jobId}`, `/api/expenses/downloads/${jobId}/file`]) {
        const byBob = await t.http('GET', path, { token: tokens[BOB.staffId] });
        expect(byBob.status).toBe(403);
        expect(byBob.body.message).toBe('You can only see your own downloads.');
      }
    });

    it('answers 404 with the message when there is nothing to download', async () => {
      for (const body of [
        { month: '2026-09', projectId: ACME.projectId },
        { month: MONTH, projectId: 999 },
      ]) {
        const answer = await t.http('POST', '/api/expenses/downloads', {
          token: tokens[ALICE.staffId],
          body,
        });
        expect(answer.status).toBe(404);
        expect(answer.body.message).toBe(FILES_MISSING);
      }
      const bobs = await t.http('POST', '/api/expenses/downloads', {
        token: tokens[BOB.staffId],
        body: { month: MONTH, projectId: ACME.projectId },
      });
      expect(bobs.status).toBe(404);
    });

    it('zips the receipts of a billing period over two months: only its days, named by them', async () => {
      const body = { start: '2026-10-26', end: '2026-11-25', projectId: ACME.projectId };
      const started = await t.http('POST', '/api/expenses/downloads', { token: tokens[ALICE.staffId], body });
      expect(started.status).toBe(202);
      const { last } = await poll(started.body.jobId as string, tokens[ALICE.staffId]);
      expect(last).toEqual({
        state: 'completed',
        progress: 100,
        fileName: 'Alice_Smith-Acme_Rollout-2026-10-26_2026-11-25.zip',
      });
      const zip = await download(`/api/expenses/downloads/${started.body.jobId}/file`, tokens[ALICE.staffId]);
      // Receipts 25-27 and 53-54 fall on 26-28 October, 3 and 4 also carry an expense of the 28th
      // (their first date inside the period), November's on the 2nd; Maple's and 1-25 October stay out.
      expect([...(await readZip(zip.bytes)).keys()].sort()).toEqual([
        '2026-10-26-receipt-25.pdf',
        '2026-10-26-receipt-53.pdf',
        '2026-10-27-receipt-26.pdf',
        '2026-10-27-receipt-54.pdf',
        '2026-10-28-receipt-27.pdf',
        '2026-10-28-receipt-3.pdf',
        '2026-10-28-receipt-4.pdf',
        '2026-11-02-nov.pdf',
      ]);

      // Days that are exactly a month name the zip by the month, as a month request does.
      const october = await t.http('POST', '/api/expenses/downloads', {
        token: tokens[ALICE.staffId],
        body: { start: '2026-10-01', end: '2026-10-31', projectId: ACME.projectId },
      });
      expect((await poll(october.body.jobId as string, tokens[ALICE.staffId])).last.fileName).toBe(
        'Alice_Smith-Acme_Rollout-2026-10.zip',
      );
    });

    it('flags bad days: a missing or reversed end, more than 62 days, a month beside them', async () => {
      const post = (body: unknown) =>
        t.http('POST', '/api/expenses/downloads', { token: tokens[ALICE.staffId], body });
      expect((await post({ start: '2026-10-26', projectId: 12 })).body.problems).toEqual([
        { path: 'end', message: 'End must have a value' },
      ]);
      expect((await post({ start: '2026-11-25', end: '2026-10-26', projectId: 12 })).body.problems).toEqual([
        { path: 'end', message: 'End must not be before Start' },
      ]);
      expect((await post({ start: '2026-09-01', end: '2026-11-02', projectId: 12 })).body.problems).toEqual([
        { path: 'end', message: 'The date range must be at most 62 days long.' },
      ]);
      const both = await post({ month: '2026-10', start: '2026-10-01', end: '2026-10-31', projectId: 12 });
      expect(both.status).toBe(400);
      expect(both.body.problems).toEqual([
        { path: 'month', message: 'month is not a field of this request' },
      ]);
    });

    it('flags a missing month and a missing project each on its own field', async () => {
      const post = (body: unknown) =>
        t.http('POST', '/api/expenses/downloads', { token: tokens[ALICE.staffId], body });
      const none = await post({});
      expect(none.status).toBe(400);
      expect(none.body.problems).toEqual([
        { path: 'month', message: 'Month is required.' },
        { path: 'projectId', message: 'Project is required.' },
      ]);
      expect((await post({ projectId: 12 })).body.problems).toEqual([
        { path: 'month', message: 'Month is required.' },
      ]);
      expect((await post({ month: MONTH, projectId: '' })).body.problems).toEqual([
        { path: 'projectId', message: 'Project is required.' },
      ]);
    });

    it('refuses someone else’s selection to a non-admin, and unknown jobs are 404', async () => {
      const forBob = await t.http('POST', '/api/expenses/downloads', {
        token: tokens[BOB.staffId],
        body: { month: MONTH, projectId: ACME.projectId, employeeId: ALICE.staffId },
      });
      expect(forBob.status).toBe(403);
      const unknown = `expenses-zip-${ALICE.staffId}-${'0'.repeat(40)}`;
      expect(
        (await t.http('GET', `/api/expenses/downloads/${unknown}`, { token: tokens[ALICE.staffId] })).status,
      ).toBe(404);
      expect(
        (await t.http('GET', `/api/expenses/downloads/not-a-job`, { token: tokens[ALICE.staffId] })).status,
      ).toBe(404);
    });

    it('lets an admin zip someone else’s month; a missing receipt file fails the job and a new request retries', async () => {
      const alice = { employeeId: ALICE.staffId, employeeName: ALICE.name, ...MAPLE };
      const present = await storeReceipt(t.db.db, storage, ALICE.staffId, 'hotel.pdf', minimalPdf(['Hotel']));
      const lost = await storeReceipt(t.db.db, storage, ALICE.staffId, 'lost.pdf', minimalPdf(['Lost']), {
        storeFile: false,
      });
      await insertExpenses(t.db.db, [
        expenseRow({ ...alice, date: '2026-09-02', claimed: '5', receiptId: present.receiptId }),
        expenseRow({ ...alice, date: '2026-09-03', claimed: '5', receiptId: lost.receiptId }),
      ]);
      const body = { month: '2026-09', projectId: MAPLE.projectId, employeeId: ALICE.staffId };
      const started = await t.http('POST', '/api/expenses/downloads', { token: tokens[ADA.staffId], body });
      expect(started.status).toBe(202);
      const jobId = started.body.jobId as string;
      expect(jobId).toMatch(/^expenses-zip-1-/);
      const { last } = await poll(jobId, tokens[ADA.staffId]);
      expect(last.state).toBe('failed');
      const file = await t.http('GET', `/api/expenses/downloads/${jobId}/file`, {
        token: tokens[ADA.staffId],
      });
      expect(file.status).toBe(409);
      expect(await storage.exists(`downloads/${jobId}.zip`)).toBe(false);
      // Alice sees nothing of the admin's job.
      expect(
        (await t.http('GET', `/api/expenses/downloads/${jobId}`, { token: tokens[ALICE.staffId] })).status,
      ).toBe(403);

      // The file comes back: asking again starts a fresh job instead of the failed one.
      await storage.put(`receipts/${ALICE.staffId}/${lost.receiptId}.pdf`, Readable.from([lost.bytes]));
      const retried = await t.http('POST', '/api/expenses/downloads', { token: tokens[ADA.staffId], body });
      expect(retried.body.jobId).toBe(`${jobId}-r1`);
      const done = await poll(retried.body.jobId, tokens[ADA.staffId]);
      expect(done.last).toEqual({
        state: 'completed',
        progress: 100,
        fileName: 'Alice_Smith-Maple_Support-2026-09.zip',
      });
      const zip = await download(`/api/expenses/downloads/${retried.body.jobId}/file`, tokens[ADA.staffId]);
      const entries = await readZip(zip.bytes);
      expect([...entries.keys()]).toEqual(['2026-09-02-hotel.pdf', '2026-09-03-lost.pdf']);
      expect(entries.get('2026-09-03-lost.pdf')?.equals(lost.bytes)).toBe(true);
    });
  });
});
