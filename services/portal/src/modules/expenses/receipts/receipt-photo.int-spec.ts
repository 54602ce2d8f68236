import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { ReceiptScanStatus, ReceiptUploadResponse } from '@portal/contracts';
import { pinnedInstant } from '../../../../../../e2e/support/test-now';
import { InMemoryStaffDirectory, testPerson } from '../../../../test/in-memory-staff-directory';
import { startTestApp, type TestApp } from '../../../../test/app-harness';
import { receiptPhoto } from './test/receipt-photos';
import { eventually } from '../../../../test/waiting';

const OWNER = 7;
const OTHER = 8;

/**
 * A photo receipt end to end: a receipt drawn as SVG by sharp, turned 3°, saved as JPEG and wrapped
 * in a PDF as the phone does, uploaded; the upload answers 'reading', the scan job reads it by OCR
 * in the worker role, `ReceiptScanned` lands, and the scan's status gives the total and the date.
 * The printed date is days before the run's pinned "now".
 */
describe('a photo receipt read by OCR (job)', () => {
  let t: TestApp;
  let dataDir: string;
  let ownerToken: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'receipt-photo-int-'));
    t = await startTestApp({
      env: { DATA_DIR: dataDir },
      staffDirectory: new InMemoryStaffDirectory([
        testPerson(OWNER, 'Olive Owner'),
        testPerson(OTHER, 'Otto Other'),
      ]),
    });
    ownerToken = await t.signIn(OWNER);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const scanStatus = (receiptId: string, token = ownerToken) =>
    t.http('GET', `/api/expenses/receipts/${receiptId}/scan`, { token });

  it('answers reading, then the job reads total, date and vendor, and the event says before → after', async () => {
    const photo = await receiptPhoto({ anchor: pinnedInstant(), index: 0, clean: true });
    const form = new FormData();
    form.append('file', new Blob([photo.pdf], { type: 'application/pdf' }), 'receipt-photo.pdf');
    const response = await fetch(`${t.baseUrl}/api/expenses/receipts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerToken}`, 'accept-language': photo.locale },
      body: form,
    });
    expect(response.status).toBe(201);
    const uploaded = (await response.json()) as ReceiptUploadResponse;
    expect(uploaded.scanState).toBe('reading');
    expect(uploaded.scan).toEqual({ total: null, date: null, vendor: null, currency: null });

    // Someone else may not watch the reading.
    expect((await scanStatus(uploaded.receiptId, await t.signIn(OTHER))).status).toBe(403);

    let status: ReceiptScanStatus | null = null;
    const deadline = Date.now() + 100_000;
    while (Date.now() < deadline) {
      const answer = await scanStatus(uploaded.receiptId);
      expect(answer.status).toBe(200);
      status = answer.body as ReceiptScanStatus;
      expect(status.progress).toBeGreaterThanOrEqual(0);
      expect(status.progress).toBeLessThanOrEqual(100);
      if (status.state === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(status).toMatchObject({
      state: 'done',
      progress: 100,
      scan: { total: photo.total, date: photo.date, vendor: photo.vendor },
    });

    const events = (
      await sql<{
        type: string;
        id: string;
        data: Record<string, unknown>;
        metadata: Record<string, unknown>;
      }>`
        select type, event_id::text as id, data, metadata from events where stream_id = ${`receipts-${OWNER}`} order by position`.execute(
        t.db.db,
      )
    ).rows;
    expect(events.map((e) => e.type)).toEqual(['ReceiptUploaded', 'ReceiptScanned']);
    const [upload, scanned] = events;
    expect(upload.data).toMatchObject({ scanState: 'reading', locale: { dayFirst: false } });
    expect(scanned.data).toMatchObject({
      receiptId: uploaded.receiptId,
      source: 'ocr',
      outcome: 'read',
      before: { total: null, date: null, vendor: null, currency: null },
      after: { total: photo.total, date: photo.date, vendor: photo.vendor },
    });
    expect(scanned.metadata).toMatchObject({
      causationId: upload.id,
      correlationId: upload.metadata.correlationId,
      actor: upload.metadata.actor,
    });
  }, 150_000);
});

/**
 * A reading that fails for good (every try of its job failed: the OCR worker cannot run, the stored
 * file cannot be read) must not leave the form "reading" for ever: the status answers 'failed',
 * with nothing read. This portal has no worker role, so the job waits in the queue until the test
 * ends its tries as the queue does after the last one.
 */
describe('a photo receipt whose reading fails for good', () => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'receipt-photo-failed-int-'));
    t = await startTestApp({
      roles: 'api,projector',
      env: { DATA_DIR: dataDir },
      staffDirectory: new InMemoryStaffDirectory([testPerson(OWNER, 'Olive Owner')]),
    });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers reading while its job waits, then failed once the last try of its job has failed', async () => {
    const token = await t.signIn(OWNER);
    const photo = await receiptPhoto({ anchor: pinnedInstant(), index: 1, clean: true });
    const form = new FormData();
    form.append('file', new Blob([photo.pdf], { type: 'application/pdf' }), 'receipt-photo.pdf');
    const response = await fetch(`${t.baseUrl}/api/expenses/receipts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(201);
    const { receiptId, scanState } = (await response.json()) as ReceiptUploadResponse;
    expect(scanState).toBe('reading');
    const status = async () =>
      (await t.http('GET', `/api/expenses/receipts/${receiptId}/scan`, { token })).body as ReceiptScanStatus;

    // The job is asked for (by the projector's reaction) and waits: still reading.
    const jobId = `receipt-scan-${receiptId}`;
    await eventually(async () => {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from jobs where id = ${jobId}`.execute(t.db.db);
      return rows[0].n === 1;
    });
    expect(await status()).toMatchObject({ state: 'reading', progress: 0 });

    await sql`update jobs set state = 'failed', failed_reason = 'OCR worker gone' where id = ${jobId}`.execute(
      t.db.db,
    );
    expect(await status()).toEqual({
      state: 'failed',
      progress: 100,
      scan: { total: null, date: null, vendor: null, currency: null },
    });
  });
});
