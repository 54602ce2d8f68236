import { useMutation } from '@tanstack/react-query';
import type { ReceiptUploadResponse } from '@portal/contracts';
import { uploadFile } from '../../../lib/downloads';

/** `POST /api/expenses/receipts` (multipart, field `file`): stores the PDF and reads it. */
export function uploadReceipt(file: File): Promise<ReceiptUploadResponse> {
  return uploadFile('/api/expenses/receipts', file);
}

export function useUploadReceipt() {
  // Sent even offline: no answer keeps the receipt on the device (receipt-upload.tsx).
  return useMutation({ mutationFn: uploadReceipt, networkMode: 'always' });
}
