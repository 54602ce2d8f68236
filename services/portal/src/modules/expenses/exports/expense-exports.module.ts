import { Module } from '@nestjs/common';
import { ExportExpensesHandler } from './expense-export';
import { ExpenseExportsController } from './expense-exports.controller';
import { ReceiptsZipJobs } from './receipts-downloads';
import { ReceiptsZipFileHandler } from './receipts-zip-file';
import { ReceiptsZipStatusHandler } from './receipts-zip-status';
import { ReceiptsZipProcessor } from './receipts-zip.processor';
import { RequestReceiptsZipHandler } from './request-receipts-zip';
import { ContextRegistry } from '../../../platform/registry/context-registry';
import { RECEIPTS_ZIP_JOB } from './receipts-zip.job';

/**
 * Expense exports: the spreadsheet (GET /api/expenses/export) and Download Expenses, the zip of
 * a month's receipts built by the `expenses.receipts-zip` job. Reads the expenses and receipts
 * read models; needs JobQueue and FileStorage from the platform.
 */
@Module({
  controllers: [ExpenseExportsController],
  providers: [
    ExportExpensesHandler,
    RequestReceiptsZipHandler,
    ReceiptsZipJobs,
    ReceiptsZipStatusHandler,
    ReceiptsZipFileHandler,
    ReceiptsZipProcessor,
  ],
})
export class ExpenseExportsModule {
  constructor(registry: ContextRegistry) {
    registry.job(RECEIPTS_ZIP_JOB);
  }
}
