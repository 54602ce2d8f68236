import { useMutation } from '@tanstack/react-query';
import type { ReceiptUploadResponse } from '@portal/contracts';
import { sendFileCall } from '../../../lib/downloads';

/** `POST /api/expenses/receipts` (multipart, field `file`): stores the PDF and reads it. */
export async function uploadReceipt(file: File): Promise<ReceiptUploadResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await sendFileCall({ method: 'POST', path: '/api/expenses/receipts', body });
  return (await response.json()) as ReceiptUploadResponse;
}

export function useUploadReceipt() {
  return useMutation({ mutationFn: uploadReceipt });
}
