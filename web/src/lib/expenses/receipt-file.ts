import { downloadFile } from '../downloads';

/** `GET /api/expenses/receipts/:id` with the bearer token, saved under the server's file name. */
export function downloadReceipt(receiptId: string, fileName: string | null): Promise<string> {
  return downloadFile(`/api/expenses/receipts/${encodeURIComponent(receiptId)}`, fileName ?? 'receipt.pdf');
}
