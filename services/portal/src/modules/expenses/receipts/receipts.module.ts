import { Module } from '@nestjs/common';
import { ContextRegistry } from '../../../platform/registry/context-registry';
import { PdfTextReader } from '../../../platform/files/pdf-text';
import { ReceiptDownloadHandler } from './receipt-download';
import { ReceiptQueries } from './receipt-queries';
import { ReceiptsController } from './receipts.controller';
import { receiptsProjection } from './receipts.projection';
import { UploadReceiptHandler } from './upload-receipt';

/**
 * Receipts of expenses: upload (checked while streaming, stored through FileStorage, scanned for
 * total and date), download by the owner or an admin, and `ReceiptQueries` for the rest of the
 * expenses context. Registers the `receipts` projection.
 */
@Module({
  controllers: [ReceiptsController],
  providers: [UploadReceiptHandler, ReceiptDownloadHandler, ReceiptQueries, PdfTextReader],
  exports: [ReceiptQueries],
})
export class ReceiptsModule {
  constructor(registry: ContextRegistry) {
    registry.projection(receiptsProjection);
  }
}
