import { Module } from '@nestjs/common';
import { ContextRegistry } from '../../../platform/registry/context-registry';
import { PdfTextReader } from '../../../platform/files/pdf-text';
import { ReceiptDownloadHandler } from './receipt-download';
import { ReceiptQueries } from './receipt-queries';
import { ReceiptsController } from './receipts.controller';
import { receiptsProjection } from './receipts.projection';
import { UploadReceiptHandler } from './upload-receipt';
import { OcrReader } from '../../../platform/ocr/ocr-reader';
import { ReceiptScanStatusHandler } from './receipt-scan-status';
import { RECEIPT_SCAN_JOB, receiptScanReactor } from './receipt-scan.job';
import { ReceiptScanProcessor } from './receipt-scan.processor';

/**
 * Receipts of expenses: upload (checked while streaming, stored through FileStorage, scanned for
 * total, date, vendor and currency: a PDF's text at once, a photo by OCR in the
 * `expenses.receipt-scan` job), the scan's status, download by the owner or an admin, and
 * `ReceiptQueries` for the rest of the expenses context. Registers the `receipts` projection and
 * the reactor that asks for OCR.
 */
@Module({
  controllers: [ReceiptsController],
  providers: [
    UploadReceiptHandler,
    ReceiptDownloadHandler,
    ReceiptScanStatusHandler,
    ReceiptScanProcessor,
    ReceiptQueries,
    PdfTextReader,
    OcrReader,
  ],
  exports: [ReceiptQueries],
})
export class ReceiptsModule {
  constructor(registry: ContextRegistry) {
    registry.projection(receiptsProjection).reactor(receiptScanReactor).job(RECEIPT_SCAN_JOB);
  }
}
