import ExcelJS from 'exceljs';
import type { DataImportCounts, DataImportKind, DataImportReport, DataImportStatus } from '@portal/contracts';
import type { TestApp } from './app-harness';

/** A cell as a test writes it: a value, or a formula with its cached result. */
export type TestCell = string | number | boolean | Date | null | { formula: string; result: number };

/** A workbook of one sheet holding `rows` (headings first). */
export async function xlsxOf(rows: readonly (readonly TestCell[])[], sheet = 'Sheet 1'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(sheet);
  for (const row of rows) worksheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV of `rows` (headings first), quoted where it must be. */
export function csvOf(rows: readonly (readonly (string | number | null)[])[]): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => row.map(cell).join(',')).join('\r\n');
}

export interface UploadAnswer {
  readonly status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: DataImportReport & Record<string, any>;
}

/** POST /api/admin/imports?kind=… with the file in `file`. */
export async function uploadImport(
  t: TestApp,
  token: string,
  kind: DataImportKind,
  content: Buffer | string,
  fileName: string,
  projectId?: number,
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  const query = `kind=${kind}${projectId === undefined ? '' : `&projectId=${projectId}`}`;
  const response = await fetch(`${t.baseUrl}/api/admin/imports?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as UploadAnswer['body'] };
}

/** Applies a checked import and waits (at most 60 s) until its job ends; answers the last status read. */
export async function applyImport(t: TestApp, token: string, importId: string): Promise<DataImportStatus> {
  const started = await t.http('POST', `/api/admin/imports/${importId}/apply`, { token });
  if (started.status !== 202)
    throw new Error(`apply answered ${started.status}: ${JSON.stringify(started.body)}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await t.http<DataImportStatus>('GET', `/api/admin/imports/${importId}`, { token });
    if (status.body.state === 'applied' || status.body.state === 'failed') return status.body;
    if (Date.now() > deadline) throw new Error(`import ${importId} still ${status.body.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Uploads a file that must check clean with these counts, applies it (its applied counts must be
 * the same) and waits for the read models; answers the check.
 */
export async function importChecked(
  t: TestApp,
  token: string,
  upload: { readonly kind: DataImportKind; readonly content: Buffer | string; readonly fileName: string },
  counts: DataImportCounts,
): Promise<UploadAnswer> {
  const check = await uploadImport(t, token, upload.kind, upload.content, upload.fileName);
  expect(check.body).toMatchObject({ counts, canApply: true });
  expect((await applyImport(t, token, check.body.importId)).applied).toEqual(counts);
  await t.projectionsCaughtUp();
  return check;
}

/** A file the API answers (an export), as its bytes. */
export async function download(t: TestApp, token: string, path: string): Promise<Buffer> {
  const response = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** A zip of the given parts (an xlsx is one), written by archiver as the receipt zips are. */
export async function zipOf(parts: Readonly<Record<string, Buffer | string>>): Promise<Buffer> {
  const { default: archiver } = await import('archiver');
  const archive = archiver('zip', { zlib: { level: 9 } });
  const chunks: Buffer[] = [];
  archive.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    archive.on('end', resolve);
    archive.on('error', reject);
  });
  for (const [name, content] of Object.entries(parts)) archive.append(content, { name });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}
