import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReceiptUploadResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api';
import { uploadFile } from '../../../lib/downloads';

/** `POST /api/expenses/receipts` (multipart, field `file`): stores the PDF and reads it. */
export function uploadReceipt(file: File): Promise<ReceiptUploadResponse> {
  return uploadFile('/api/expenses/receipts', file);
}

export function useUploadReceipt() {
  // Sent even offline: no answer keeps the receipt on the device (receipt-upload.tsx).
  return useMutation({ mutationFn: uploadReceipt, networkMode: 'always' });
}

/**
 * `GET /api/expenses/receipts/:receiptId/scan` while a photo receipt is read by OCR: asked every
 * 800 ms until it is done or failed, or cannot be asked; nothing is asked for a receipt already read.
 */
export function useReceiptScan(receipt: ReceiptUploadResponse | null) {
  const receiptId = receipt?.scanState === 'reading' ? receipt.receiptId : null;
  return useQuery({
    queryKey: ['expenses', 'receipt-scan', receiptId],
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/expenses/receipts/${encodeURIComponent(receiptId ?? '')}/scan`, { signal }),
    enabled: receiptId !== null,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) =>
      query.state.status === 'error' || (query.state.data && query.state.data.state !== 'reading')
        ? false
        : 800,
  });
}
