import type { ReceiptScan } from '@portal/contracts';
import type { PdfSource, PdfTextReader } from '../../../platform/files/pdf-text';
import {
  OCR_WIDTH,
  UnreadableImageError,
  type OcrProgress,
  type OcrReader,
} from '../../../platform/ocr/ocr-reader';
import { EMPTY_SCAN, scanReceiptText, type ReceiptLocale } from './receipt-scan';

export interface PhotoReceiptReading {
  readonly scan: ReceiptScan;
  /** 'unreadable': the page could not be drawn or the image opened (the scan is empty). */
  readonly outcome: 'read' | 'unreadable';
}

/**
 * A receipt kept as a PDF with no text (a photo wrapped on the phone, a scan): its first page is
 * drawn as an image, read by OCR, and the text scanned like a PDF's. The scan job and the bench
 * both read receipts through here.
 */
export async function readPhotoReceipt(
  source: PdfSource,
  readers: { readonly pdf: PdfTextReader; readonly ocr: OcrReader },
  locale: ReceiptLocale,
  onProgress?: OcrProgress,
): Promise<PhotoReceiptReading> {
  const image = await readers.pdf.firstPageImage(source, OCR_WIDTH);
  if (!image) return { scan: EMPTY_SCAN, outcome: 'unreadable' };
  try {
    const text = await readers.ocr.textOf(image, onProgress);
    return { scan: scanReceiptText(text, locale), outcome: 'read' };
  } catch (error) {
    if (error instanceof UnreadableImageError) return { scan: EMPTY_SCAN, outcome: 'unreadable' };
    throw error;
  }
}

/** A PDF held in memory, read as storage would be (by ranges). */
export function pdfInMemory(bytes: Uint8Array): PdfSource {
  return {
    length: bytes.length,
    read: (start, length) => Promise.resolve(bytes.subarray(start, start + length)),
  };
}
