// Fixed dates: dates printed on the receipts, read back by the scan; the app runs at the file's own instant (NOW).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import { InMemoryStaffDirectory, testPerson } from '../../../../test/in-memory-staff-directory';
import { startTestApp, type TestApp } from '../../../../test/app-harness';
import { FileStorage } from '../../../platform/files/file-storage.port';
import { LocalFileStorage } from '../../../platform/files/local-file-storage';
import { MAX_RECEIPT_BYTES, receiptMessages as msg, type ReceiptUploadResponse } from '@portal/contracts';
import { ReceiptQueries } from './receipt-queries';
import { minimalPdf } from './test/minimal-pdf';

/** The app's clock: nothing here depends on the day. */
const NOW = '2026-11-18T15:00:00.000Z';

const OWNER = 7;
const OTHER = 8;
const ADMIN = 9;

/** Every file under a folder, as paths relative to it (missing folder = none). */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(folder, join(e.parentPath, e.name)));
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('receipts (upload, scan, download)', () => {
  let t: TestApp;
  let dataDir: string;
  let filesFolder: string;
  let ownerToken: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'receipts-int-'));
    t = await startTestApp({
      now: NOW,
      env: { DATA_DIR: dataDir },
      staffDirectory: new InMemoryStaffDirectory([
        testPerson(OWNER, 'Olive Owner'),
        testPerson(OTHER, 'Otto Other'),
        testPerson(ADMIN, 'Ada Admin', { isAdmin: true }),
      ]),
    });
    filesFolder = (t.app.get(FileStorage) as LocalFileStorage).folder;
    ownerToken = await t.signIn(OWNER);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const receiptEvents = async () =>
    (
      await sql<{ stream_id: string; type: string; data: Record<string, unknown> }>`
        select stream_id, type, data from events where stream_id like 'receipts-%' order by position`.execute(
        t.db.db,
      )
    ).rows;

  /** The stored receipt (201), or the problems that refused the upload (400). */
  type UploadAnswer = ReceiptUploadResponse & { readonly problems?: unknown };

  const upload = async (files: { name: string; bytes: Uint8Array; type?: string }[], field = 'file') => {
    const form = new FormData();
    for (const file of files) {
      form.append(field, new Blob([file.bytes], { type: file.type ?? 'application/pdf' }), file.name);
    }
    const response = await fetch(`${t.baseUrl}/api/expenses/receipts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerToken}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as UploadAnswer };
  };

  const expectRefused = async (
    answer: { status: number; body: { problems?: unknown } },
    message: string,
  ): Promise<void> => {
    expect(answer.status).toBe(400);
    expect(answer.body.problems).toEqual([{ path: 'file', message }]);
    expect(await filesUnder(filesFolder)).toEqual([]);
    expect(await receiptEvents()).toEqual([]);
    // Nothing anywhere else in the data folder either (no stray write outside files/).
    const elsewhere = (await filesUnder(dataDir)).filter((p) => !p.startsWith('files'));
    expect(elsewhere).toEqual([]);
  };

  describe('refused uploads store nothing', () => {
    it('refuses a renamed non-PDF (PNG bytes named .pdf)', async () => {
      await expectRefused(await upload([{ name: 'receipt.pdf', bytes: PNG }]), msg.notPdf);
    });

    it('refuses a file that starts like a PDF but is not one (HTML after %PDF-)', async () => {
      const disguised = Buffer.from(
        '%PDF-1.7\n<html><body><script>alert(document.cookie)</script></body></html>\n',
      );
      await expectRefused(await upload([{ name: 'receipt.pdf', bytes: disguised }]), msg.notPdf);
      const onlyHeader = Buffer.from(`%PDF-1.4\n%${'x'.repeat(2000)}\n%%EOF\n`);
      await expectRefused(await upload([{ name: 'receipt.pdf', bytes: onlyHeader }]), msg.notPdf);
    });

    it('refuses a file of 10 MB + 1 byte, even with a real PDF signature', async () => {
      const tooLarge = minimalPdf(['Total 12.00'], { totalBytes: MAX_RECEIPT_BYTES + 1 });
      expect(tooLarge.length).toBe(MAX_RECEIPT_BYTES + 1);
      await expectRefused(await upload([{ name: 'big.pdf', bytes: tooLarge }]), msg.tooLarge);
    });

    it('refuses two files in one upload', async () => {
      const pdf = minimalPdf(['Total 1.00']);
      await expectRefused(
        await upload([
          { name: 'a.pdf', bytes: pdf },
          { name: 'b.pdf', bytes: pdf },
        ]),
        msg.oneFile,
      );
    });

    it('refuses an empty file', async () => {
      await expectRefused(await upload([{ name: 'empty.pdf', bytes: new Uint8Array(0) }]), msg.empty);
    });

    it('refuses a body without the file field, and a request that is not multipart', async () => {
      await expectRefused(
        await upload([{ name: 'r.pdf', bytes: minimalPdf(['x']) }], 'document'),
        msg.wrongField,
      );
      const json = await t.http('POST', '/api/expenses/receipts', { token: ownerToken, body: { file: 'x' } });
      await expectRefused(json, msg.notMultipart);
      const noFile = new FormData();
      noFile.append('comment', 'no file here');
      const response = await fetch(`${t.baseUrl}/api/expenses/receipts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ownerToken}` },
        body: noFile,
      });
      await expectRefused(
        { status: response.status, body: (await response.json()) as { problems: unknown } },
        msg.noFile,
      );
    });
  });

  it('stores a path-like name under a generated key and shows only a sanitised name', async () => {
    const pdf = minimalPdf(['Hotel Lakeside', 'Check-out 2026-10-03', 'Amount due $312.40']);
    const answer = await upload([{ name: '../../etc/passwd.pdf', bytes: pdf }]);
    expect(answer.status).toBe(201);
    expect(answer.body.fileName).toBe('passwd.pdf');
    expect(answer.body.scan).toEqual({
      total: '312.40',
      date: '2026-10-03',
      vendor: 'Hotel Lakeside',
      currency: null,
    });
    const stored = await filesUnder(filesFolder);
    expect(stored).toEqual([`receipts/${OWNER}/${answer.body.receiptId}.pdf`]);
    expect((await filesUnder(dataDir)).filter((p) => !p.startsWith('files'))).toEqual([]);
  });

  describe('a valid upload', () => {
    const receiptText = ['Corner Diner', 'Date: 11/14/2026', 'Burger 10.50', 'Tax 0.84', 'Total $11.34'];
    const pdf = minimalPdf(receiptText);
    let receiptId: string;

    it('stores the file and the event and answers the scan', async () => {
      const answer = await upload([{ name: 'Dinner receipt.pdf', bytes: pdf }]);
      expect(answer.status).toBe(201);
      receiptId = answer.body.receiptId;
      expect(answer.body).toEqual({
        receiptId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        fileName: 'Dinner receipt.pdf',
        size: pdf.length,
        scan: { total: '11.34', date: '2026-11-14', vendor: 'Corner Diner', currency: null },
        scanState: 'done',
        position: expect.stringMatching(/^\d+\/\d+$/),
      });
      const key = `receipts/${OWNER}/${receiptId}.pdf`;
      expect(await readFile(join(filesFolder, key))).toEqual(pdf);
      const events = (await receiptEvents()).filter((e) => e.data.receiptId === receiptId);
      expect(events).toEqual([
        {
          stream_id: `receipts-${OWNER}`,
          type: 'ReceiptUploaded',
          data: {
            receiptId,
            employeeId: OWNER,
            fileName: 'Dinner receipt.pdf',
            contentType: 'application/pdf',
            size: pdf.length,
            sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
            storageKey: key,
            scan: { total: '11.34', date: '2026-11-14', vendor: 'Corner Diner', currency: null },
            scanState: 'done',
            locale: { dayFirst: false, dollar: null },
          },
        },
      ]);
      // Read-your-writes: the read model has it as soon as the answer is out.
      const record = await t.app.get(ReceiptQueries).get(receiptId);
      expect(record).toMatchObject({
        receiptId,
        employeeId: OWNER,
        fileName: 'Dinner receipt.pdf',
        size: pdf.length,
        storageKey: key,
        scan: { total: '11.34', date: '2026-11-14' },
        uploadedAt: t.clock.now().toISOString(),
      });
      const mine = await t.app.get(ReceiptQueries).listForEmployee(OWNER);
      expect(mine.map((r) => r.receiptId)).toContain(receiptId);
      expect(await t.app.get(ReceiptQueries).listForEmployee(OTHER)).toEqual([]);
    });

    it('lets the owner download it byte-identical, as a PDF attachment', async () => {
      const response = await fetch(`${t.baseUrl}/api/expenses/receipts/${receiptId}`, {
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="Dinner receipt.pdf"');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(pdf);
    });

    it('lets an admin download it, refuses another person (403) and answers 404 for unknown ids', async () => {
      const admin = await t.http('GET', `/api/expenses/receipts/${receiptId}`, {
        token: await t.signIn(ADMIN),
      });
      expect(admin.status).toBe(200);
      const other = await t.http('GET', `/api/expenses/receipts/${receiptId}`, {
        token: await t.signIn(OTHER),
      });
      expect(other.status).toBe(403);
      expect(other.body.message).toBe(msg.forbidden);
      const unknown = await t.http('GET', '/api/expenses/receipts/00000000-0000-4000-8000-000000000000', {
        token: ownerToken,
      });
      expect(unknown.status).toBe(404);
      const notAnId = await t.http('GET', '/api/expenses/receipts/..%2F..%2Fetc%2Fpasswd', {
        token: ownerToken,
      });
      expect(notAnId.status).toBe(404);
    });
  });

  it('reads a PDF without text by OCR, and says nothing could be read (nulls, never an invented amount)', async () => {
    const answer = await upload([{ name: 'photo.pdf', bytes: minimalPdf([]) }]);
    expect(answer.status).toBe(201);
    expect(answer.body.scanState).toBe('reading');
    const nothing = { total: null, date: null, vendor: null, currency: null };
    expect(answer.body.scan).toEqual(nothing);
    const deadline = Date.now() + 60_000;
    let status = await t.http('GET', `/api/expenses/receipts/${answer.body.receiptId}/scan`, {
      token: ownerToken,
    });
    while (status.body.state !== 'done' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      status = await t.http('GET', `/api/expenses/receipts/${answer.body.receiptId}/scan`, {
        token: ownerToken,
      });
    }
    expect(status.body).toEqual({ state: 'done', progress: 100, scan: nothing });
  }, 90_000);

  it('accepts exactly 10 MB', async () => {
    const pdf = minimalPdf(['Total 99.99'], { totalBytes: MAX_RECEIPT_BYTES });
    const answer = await upload([{ name: 'large.pdf', bytes: pdf }]);
    expect(answer.status).toBe(201);
    expect(answer.body.size).toBe(MAX_RECEIPT_BYTES);
  });

  it('scans a large receipt by reading parts of the stored file, never all of it', async () => {
    // Four pages: the text on the first, a 6 MB fourth page the scan (first 3 pages) never needs.
    const pdf = minimalPdf(['Taxi Metro', 'Date: 10/05/2026', 'Total $48.20'], {
      largePageBytes: 6 * 1024 * 1024,
    });
    const storage = t.app.get(FileStorage);
    const ranges: { start: number; bytes: number }[] = [];
    const readRange = storage.readRange.bind(storage);
    const ranged = jest.spyOn(storage, 'readRange').mockImplementation(async (key, start, length) => {
      const bytes = await readRange(key, start, length);
      ranges.push({ start, bytes: bytes.length });
      return bytes;
    });
    const opened = jest.spyOn(storage, 'open');
    try {
      const answer = await upload([{ name: 'taxi.pdf', bytes: pdf }]);
      expect(answer.status).toBe(201);
      expect(answer.body.scan).toEqual({
        total: '48.20',
        date: '2026-10-05',
        vendor: 'Taxi Metro',
        currency: null,
      });
      expect(opened).not.toHaveBeenCalled();
      const bytesRead = ranges.reduce((sum, range) => sum + range.bytes, 0);
      expect(bytesRead).toBeGreaterThan(0);
      expect(bytesRead).toBeLessThan(pdf.length / 8);
    } finally {
      ranged.mockRestore();
      opened.mockRestore();
    }
  });

  it('stores nothing when the stored file cannot be read back for the scan', async () => {
    const storage = t.app.get(FileStorage);
    const ranged = jest.spyOn(storage, 'readRange').mockRejectedValue(new Error('storage unreachable'));
    try {
      const [filesBefore, eventsBefore] = [await filesUnder(filesFolder), await receiptEvents()];
      const answer = await upload([{ name: 'r.pdf', bytes: minimalPdf(['Total 5.00']) }]);
      expect(answer.status).toBe(500);
      expect(ranged).toHaveBeenCalled();
      expect(await filesUnder(filesFolder)).toEqual(filesBefore);
      expect(await receiptEvents()).toEqual(eventsBefore);
    } finally {
      ranged.mockRestore();
    }
  });
});
