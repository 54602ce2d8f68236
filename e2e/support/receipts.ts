import { expect, type Page } from '@playwright/test';

/** A one-page PDF with one line of Helvetica text per entry, written out byte by byte. */
export function receiptPdf(lines: readonly string[]): Buffer {
  const text = lines.map(
    (line, i) => `BT /F1 11 Tf 60 ${760 - i * 16} Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`,
  );
  const stream = text.join('\n');
  const bodies = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const starts = bodies.map((body, i) => {
    const start = Buffer.byteLength(out, 'latin1');
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return start;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  for (const start of starts) out += `${String(start).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

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
