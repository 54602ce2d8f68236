/**
 * Compile-time checks of the API calls' typing (issue 12): `apiRequest`, the file downloads and the
 * multipart uploads. `npm run typecheck` reads this file, nothing runs it. Each `@ts-expect-error`
 * line must be an error; should a call stop being typed from the route declarations, that line
 * compiles, the directive is unused and typecheck fails.
 */
import type {
  ApiRouteMap,
  ImportOutcome,
  ReceiptUploadResponse,
  ResumeUploadResponse,
  SkillChangeAnswer,
  StaffChangeAnswer,
  SubmitTimesheetResponse,
  TimesheetList,
} from '@portal/contracts';
import { apiRequest } from './api';
import { downloadFile, fetchFile, uploadFile } from './downloads';
import { uploadWithProgress } from './upload-with-progress';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T | undefined => undefined;

export async function apiRequestIsTypedFromTheRoutes(entryId: string, projectId: number): Promise<void> {
  // A declared route answers its declared type, not one chosen at the call.
  const list = await apiRequest('GET', '/api/timesheets', { query: { start: '2026-01-01' } });
  assertType<Equal<typeof list, TimesheetList>>();
  void list;
  const saved: SubmitTimesheetResponse = await apiRequest('POST', '/api/timesheets', {
    body: { projectId, subProjectId: null, items: [], confirmLate: false },
  });
  void saved;

  // `{id}` takes a concrete segment; a query string in the path is left out of the match.
  await apiRequest('DELETE', `/api/timesheets/${encodeURIComponent(entryId)}`, { query: { version: 1 } });
  const filters = await apiRequest('GET', '/api/admin/review/filters?fresh=1');
  assertType<Equal<typeof filters, ApiRouteMap['GET /api/admin/review/filters']['response']>>();
  void filters;

  // @ts-expect-error no such path
  await apiRequest('GET', '/api/timesheet');
  // @ts-expect-error a declared path, but not for this method
  await apiRequest('GET', `/api/timesheets/${entryId}`);
  // @ts-expect-error a path with one segment too many for `/timesheets/{id}`
  await apiRequest('DELETE', `/api/timesheets/${entryId}/extra`);
  // @ts-expect-error a field the body schema does not have
  await apiRequest('POST', '/api/timesheets', { body: { projectId, items: [], colour: 'red' } });
  // @ts-expect-error a route that takes a body, called without one
  await apiRequest('POST', '/api/timesheets');
  // @ts-expect-error a query field the route does not read
  await apiRequest('GET', '/api/timesheets', { query: { colour: 'red' } });
  // @ts-expect-error a file download is not JSON: lib/downloads.ts fetches it
  await apiRequest('GET', '/api/timesheets/export');

  // @ts-expect-error the answer is the declared type: a hand-written other one does not fit
  const wrong: { readonly types: unknown } = await apiRequest('GET', '/api/expenses/types');
  void wrong;
}

export async function answersNamedOnTheServerAreTheContracts(staffId: number): Promise<void> {
  // Changing a person or a skill answers the contracts' type (the server's handlers answer it too).
  const changed = await apiRequest('PUT', `/api/admin/staff/${staffId}`, { body: {} });
  assertType<Equal<typeof changed, StaffChangeAnswer>>();
  const deactivated = await apiRequest('POST', `/api/admin/staff/${staffId}/deactivate`);
  assertType<Equal<typeof deactivated, StaffChangeAnswer>>();
  const assessed = await apiRequest('PUT', '/api/me/skills', { body: { skill: 'typescript', level: 3 } });
  assertType<Equal<typeof assessed, SkillChangeAnswer>>();
  const removed = await apiRequest('DELETE', '/api/me/skills/typescript');
  assertType<Equal<typeof removed, SkillChangeAnswer>>();
  void [changed, deactivated, assessed, removed];
}

export async function filesAreTypedFromTheRoutes(
  receiptId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  // A download names a GET route answering a file, with the query that route declares.
  await downloadFile('/api/timesheets/export', 'time.xlsx', {
    projectId: 1,
    start: '2026-01-01',
    end: '2026-01-31',
    type: 'standard',
  });
  await downloadFile(`/api/expenses/downloads/${encodeURIComponent(receiptId)}/file`, 'expenses.zip');
  const receipt: Response = await fetchFile(`/api/expenses/receipts/${receiptId}`, {});
  void receipt;

  // An upload names a multipart route and answers its declared type, with no type written at the call.
  const scanned = await uploadFile('/api/expenses/receipts', file);
  assertType<Equal<typeof scanned, ReceiptUploadResponse>>();
  const resume = await uploadFile('/api/admin/hiring/resumes', file);
  assertType<Equal<typeof resume, ResumeUploadResponse>>();
  const kind = 'office365' as 'azure-cost' | 'office365';
  const imported = await uploadWithProgress(`/api/admin/analytics/${kind}/imports`, file, onProgress);
  assertType<Equal<typeof imported, ImportOutcome>>();
  void [scanned, resume, imported];

  // @ts-expect-error a JSON route is not a download: apiRequest asks it
  await downloadFile('/api/timesheets', 'time.xlsx');
  // @ts-expect-error no such file route
  await downloadFile('/api/timesheets/exports', 'time.xlsx');
  // @ts-expect-error a query field the download's route does not read
  await downloadFile('/api/timesheets/export', 'time.xlsx', { colour: 'red' });
  // @ts-expect-error a route that reads no query, given one
  await downloadFile(`/api/expenses/downloads/${receiptId}/file`, 'expenses.zip', { start: '2026-01-01' });
  // @ts-expect-error a JSON route is not a file to fetch either
  await fetchFile(`/api/expenses/downloads/${receiptId}`);
  // @ts-expect-error the receipt's file is a GET: posting a file there is no declared upload
  await uploadFile(`/api/expenses/receipts/${receiptId}`, file);
  // @ts-expect-error a JSON route takes no upload
  await uploadFile('/api/timesheets', file);
  // @ts-expect-error nor does it with progress
  await uploadWithProgress('/api/timesheets', file, onProgress);

  // @ts-expect-error the answer is the route's: a hand-written type parameter is no longer taken
  await uploadWithProgress<ImportOutcome>('/api/admin/analytics/office365/imports', file, onProgress);
  // @ts-expect-error and a hand-written answer type that differs does not fit
  const wrong: ReceiptUploadResponse = await uploadFile('/api/admin/hiring/resumes', file);
  void wrong;
}
