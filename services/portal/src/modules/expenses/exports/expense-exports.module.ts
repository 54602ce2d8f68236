import { Module } from '@nestjs/common';
import { ExpenseExport } from './expense-export';
import { ExpenseExportsController } from './expense-exports.controller';
import { ReceiptsDownloads } from './receipts-downloads';
import { ReceiptsZipProcessor } from './receipts-zip.processor';
import { ContextRegistry } from '../../../platform/registry/context-registry';
import { RECEIPTS_ZIP_JOB } from './receipts-zip.job';

/**
 * Expense exports: the spreadsheet (GET /api/expenses/export) and Download Expenses, the zip of
 * a month's receipts built by the `expenses.receipts-zip` job. Reads the expenses and receipts
 * read models; needs JobQueue and FileStorage from the platform.
 */
@Module({
  controllers: [ExpenseExportsController],
  providers: [ExpenseExport, ReceiptsDownloads, ReceiptsZipProcessor],
})
export class ExpenseExportsModule {
  constructor(registry: ContextRegistry) {
    registry.job(RECEIPTS_ZIP_JOB);
  }
}
