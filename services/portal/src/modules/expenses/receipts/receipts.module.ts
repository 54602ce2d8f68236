import { Module } from '@nestjs/common';
import { PdfTextReader } from './pdf-text';
import { ReceiptQueries } from './receipt-queries';
import { ReceiptsController } from './receipts.controller';
import { UploadReceiptHandler } from './upload-receipt';
import { ContextRegistry } from '../../../platform/registry/context-registry';
import { receiptsProjection } from './receipts.projection';

/**
 * Receipts of expenses: upload (checked while streaming, stored through FileStorage, scanned for
 * total and date), download by the owner or an admin, and `ReceiptQueries` for the rest of the
 * expenses context. The projection `receipts` is registered in app/read-models.ts.
 */
@Module({
  controllers: [ReceiptsController],
  providers: [UploadReceiptHandler, ReceiptQueries, PdfTextReader],
  exports: [ReceiptQueries],
})
export class ReceiptsModule {
  constructor(registry: ContextRegistry) {
    registry.projection(receiptsProjection);
  }
}
