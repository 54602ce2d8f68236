import { downloadFile, fetchFile } from '../downloads';

const receiptPath = (receiptId: string) => `/api/expenses/receipts/${encodeURIComponent(receiptId)}` as const;

/** `GET /api/expenses/receipts/:id` with the bearer token, saved under the server's file name. */
export function downloadReceipt(receiptId: string, fileName: string | null): Promise<string> {
  return downloadFile(receiptPath(receiptId), fileName ?? 'receipt.pdf');
}

/** The receipt itself, to show it on the page (a PDF, or an image). */
export async function fetchReceipt(receiptId: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetchFile(receiptPath(receiptId), { signal });
  return response.blob();
}
