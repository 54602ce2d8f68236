import { expect, type Page } from '@playwright/test';
import { textPdf } from '../../services/portal/test/documents';

/** A one-page PDF with one line of Helvetica text per entry (a receipt, a resume). */
export const receiptPdf = textPdf;

/** What `claimSuppliesWithReceipt` claims: a Supplies expense of 42.50 on a project. */
export interface SuppliesClaim {
  readonly token: string;
  readonly projectId: number;
  readonly currency: string;
  readonly date: string;
  readonly comment: string;
  /** The receipt's file name and its printed lines. */
  readonly fileName: string;
  readonly lines: readonly string[];
}

/**
 * Uploads a receipt PDF and claims a Supplies expense of 42.50 with it, through the API (the
 * expense screen has its own tests); both answers must be 201.
 */
export async function claimSuppliesWithReceipt(page: Page, claim: SuppliesClaim): Promise<void> {
  const headers = { Authorization: `Bearer ${claim.token}` };
  const uploaded = await page.request.post('/api/expenses/receipts', {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    multipart: {
      file: { name: claim.fileName, mimeType: 'application/pdf', buffer: receiptPdf(claim.lines) },
    },
  });
  expect(uploaded.status()).toBe(201);
  const { receiptId } = (await uploaded.json()) as { receiptId: string };
  const claimed = await page.request.post('/api/expenses', {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      categoryId: 6,
      projectId: claim.projectId,
      currency: claim.currency,
      amount: '42.50',
      date: claim.date,
      comment: claim.comment,
      isBillable: true,
      receiptId,
    },
  });
  expect(claimed.status()).toBe(201);
}
