// Fixed dates: a date printed on a receipt, read back by the scan; the app runs at the file's own instant (NOW).
import { BlobServiceClient, type ContainerClient } from '@azure/storage-blob';
import { receiptMessages } from '@portal/contracts';
import { minimalPdf } from '../src/modules/expenses/receipts/test/minimal-pdf';
import { AzureBlobFileStorage } from '../src/platform/files/azure-blob-file-storage';
import { FileStorage } from '../src/platform/files/file-storage.port';
import { startTestApp, type TestApp } from './app-harness';
import { startAzurite, type RunningAzurite } from './azurite';
import { textPdf } from './documents';
import { InMemoryStaffDirectory, testPerson } from './in-memory-staff-directory';

/** The app's clock: nothing here depends on the day. */
const NOW = '2026-11-18T15:00:00.000Z';

const OWNER = 7;
const ADMIN = 9;
const CONTAINER = 'portal-app-files';

async function blobNames(container: ContainerClient): Promise<string[]> {
  const names: string[] = [];
  for await (const blob of container.listBlobsFlat()) names.push(blob.name);
  return names.sort();
}

/** The portal configured with FILE_STORAGE=azure-blob: receipts and resumes go to the container and back. */
describe('files on Azure Blob Storage (Azurite), through the HTTP API', () => {
  let azurite: RunningAzurite;
  let t: TestApp;
  let container: ContainerClient;
  let owner: string;
  let admin: string;

  beforeAll(async () => {
    azurite = await startAzurite();
    container = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(
      CONTAINER,
    );
    t = await startTestApp({
      now: NOW,
      env: {
        FILE_STORAGE: 'azure-blob',
        AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
        AZURE_STORAGE_CONTAINER: CONTAINER,
      },
      staffDirectory: new InMemoryStaffDirectory([
        testPerson(OWNER, 'Olive Owner'),
        testPerson(ADMIN, 'Ada Admin', { isAdmin: true }),
      ]),
    });
    [owner, admin] = await Promise.all([t.signIn(OWNER), t.signIn(ADMIN)]);
  });
  afterAll(async () => {
    await t?.close();
    await azurite?.stop();
  });

  async function post(path: string, token: string, bytes: Uint8Array, name: string, type: string) {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), name);
    const response = await fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('chooses Azure Blob Storage from the configuration', () => {
    expect(t.app.get(FileStorage)).toBeInstanceOf(AzureBlobFileStorage);
  });

  it('stores an uploaded receipt as a blob, scans it, and gives it back byte-identical', async () => {
    const pdf = minimalPdf(['Corner Diner', 'Date: 11/14/2026', 'Total $11.34']);
    const answer = await post('/api/expenses/receipts', owner, pdf, 'Dinner.pdf', 'application/pdf');
    expect(answer.status).toBe(201);
    expect(answer.body.scan).toEqual({
      total: '11.34',
      date: '2026-11-14',
      vendor: 'Corner Diner',
      currency: null,
    });
    const key = `receipts/${OWNER}/${answer.body.receiptId as string}.pdf`;
    expect(await blobNames(container)).toContain(key);
    expect(await container.getBlobClient(key).downloadToBuffer()).toEqual(pdf);

    const response = await fetch(`${t.baseUrl}/api/expenses/receipts/${answer.body.receiptId as string}`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(pdf);
  });

  it('refuses a file that is no PDF with the same words, leaving no blob', async () => {
    const before = await blobNames(container);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    const answer = await post('/api/expenses/receipts', owner, png, 'photo.pdf', 'application/pdf');
    expect(answer.status).toBe(400);
    expect(answer.body.problems).toEqual([{ path: 'file', message: receiptMessages.notPdf }]);
    expect(await blobNames(container)).toEqual(before);
  });

  it('stores an uploaded resume as a blob', async () => {
    const pdf = textPdf(['Resume of a candidate']);
    const answer = await post('/api/admin/hiring/resumes', admin, pdf, 'cv.pdf', 'application/pdf');
    expect(answer.status).toBe(201);
    const key = `resumes/${answer.body.resumeId as string}`;
    expect(await blobNames(container)).toContain(key);
    expect(await container.getBlobClient(key).downloadToBuffer()).toEqual(pdf);
  });
});
