import ExcelJS from 'exceljs';
import type { TestApp } from './app-harness';

/** A file download as the browser gets it: its status, its headers and the body's bytes. */
export interface Download {
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: Buffer;
}

/** GETs `path` (under the app's base URL, `/api` included) with `token`, keeping the body's bytes. */
export async function downloadFile(t: TestApp, path: string, token: string): Promise<Download> {
  const response = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The first sheet of a workbook's bytes, opened with exceljs. */
export async function firstSheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return workbook.worksheets[0];
}
