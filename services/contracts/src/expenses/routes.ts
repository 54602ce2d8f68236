import { signedIn, json, file, type RouteGroup } from '../kernel/api-routes';
import { ledgerEntryRoutes } from '../kernel/route-shapes';
import {
  accommodationSchema,
  claimPreviewQuerySchema,
  expenseClaimSchema,
  expenseEditSchema,
  expenseExportQuerySchema,
  expenseListQuerySchema,
  expenseWithdrawQuerySchema,
  perDiemSchema,
  receiptsDownloadSchema,
  receiptsRangeDownloadSchema,
  type ClaimExpensesResponse,
  type ClaimPreview,
  type ExpenseCommandResponse,
  type ExpenseList,
  type ExpenseType,
  type ReceiptsDownloadStarted,
  type ReceiptsDownloadStatus,
} from '../expenses';
import { adminExpenseEditSchema, approveExpensesSchema } from '../periods';
import { reviewCommand } from '../periods/routes';
import type { ReceiptScanStatus, ReceiptUploadResponse } from '../expenses';

const entries = ledgerEntryRoutes('/expenses', json<ExpenseCommandResponse>('ExpenseCommandResponse'));
const claimed = json<ClaimExpensesResponse>('ClaimExpensesResponse');

/** The expenses routes, as the API serves them (see kernel/api-routes.ts). */
export const expensesRoutes = {
  tag: 'expenses',
  description:
    'Expense claims, receipts, exports and receipt downloads. docs/api.md, Expenses, Receipts and Expense exports.',
  routes: [
    reviewCommand('approve-expenses', 'Approve selected expenses', approveExpensesSchema), // modules/expenses/admin-expenses.controller.ts#approveSelected
    entries.correct("Correct a person's expense (admin)", adminExpenseEditSchema), // modules/expenses/admin-expenses.controller.ts#update
    signedIn('GET /expenses/types', json<ExpenseType[]>('ExpenseType[]'), { summary: 'The expense types' }), // modules/expenses/expenses.controller.ts#types
    entries.list(json<ExpenseList>('ExpenseList'), 'List own expenses', expenseListQuerySchema), // modules/expenses/expenses.controller.ts#listOwn
    signedIn('GET /expenses/claim-preview', json<ClaimPreview>('ClaimPreview'), {
      summary: "Preview a claim's rate and claimed amount",
      query: claimPreviewQuerySchema,
    }), // modules/expenses/expenses.controller.ts#preview
    entries.enter('', claimed, 'Claim an expense', expenseClaimSchema), // modules/expenses/expenses.controller.ts#save
    entries.enter('/per-diem', claimed, 'Claim per diem (one expense per date)', perDiemSchema), // modules/expenses/expenses.controller.ts#savePerDiem
    entries.enter(
      '/accommodation',
      claimed,
      'Claim accommodation (one amount per night)',
      accommodationSchema,
    ), // modules/expenses/expenses.controller.ts#saveAccommodation
    entries.change('Change an expense', expenseEditSchema), // modules/expenses/expenses.controller.ts#update
    entries.withdraw('Withdraw an expense', expenseWithdrawQuerySchema), // modules/expenses/expenses.controller.ts#remove
    entries.workbook('Expenses as a workbook', expenseExportQuerySchema), // modules/expenses/exports/expense-exports.controller.ts#export
    signedIn('POST /expenses/downloads', json<ReceiptsDownloadStarted>('ReceiptsDownloadStarted'), {
      summary: 'Start a receipts download (zip)',
      body: [receiptsRangeDownloadSchema, receiptsDownloadSchema],
      status: 202,
    }), // modules/expenses/exports/expense-exports.controller.ts#startDownload
    signedIn('GET /expenses/downloads/{jobId}', json<ReceiptsDownloadStatus>('ReceiptsDownloadStatus'), {
      summary: "A receipts download's progress",
    }), // modules/expenses/exports/expense-exports.controller.ts#downloadStatus
    signedIn(
      'GET /expenses/downloads/{jobId}/file',
      file('application/zip', 'The receipts of the period, one zip, as an attachment.'),
      { summary: 'The receipts zip' },
    ), // modules/expenses/exports/expense-exports.controller.ts#downloadFile
    signedIn('POST /expenses/receipts', json<ReceiptUploadResponse>('ReceiptUploadResponse'), {
      summary: 'Upload a receipt (PDF)',
      body: { multipart: 'One file in the field `file`.' },
    }), // modules/expenses/receipts/receipts.controller.ts#uploadReceipt
    signedIn('GET /expenses/receipts/{receiptId}/scan', json<ReceiptScanStatus>('ReceiptScanStatus'), {
      summary: "A photo receipt's reading (OCR): its progress and what it read",
    }), // modules/expenses/receipts/receipts.controller.ts#scanStatus
    signedIn(
      'GET /expenses/receipts/{receiptId}',
      file('application/pdf', 'The receipt (PDF), as an attachment.'),
      { summary: 'Download a receipt (its owner, or an admin who can see the owner)' },
    ), // modules/expenses/receipts/receipts.controller.ts#download
  ],
} satisfies RouteGroup;
