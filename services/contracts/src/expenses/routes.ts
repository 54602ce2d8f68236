import { signedIn, admin, json, file, workbookFile, type RouteGroup } from '../kernel/api-routes';
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
import { adminExpenseEditSchema, approveExpensesSchema, type ReviewCommandResponse } from '../periods';
import type { ReceiptUploadResponse } from '../expenses';

/** The expenses routes, as the API serves them (see kernel/api-routes.ts). */
export const expensesRoutes = {
  tag: 'expenses',
  description:
    'Expense claims, receipts, exports and receipt downloads. docs/api.md, Expenses, Receipts and Expense exports.',
  routes: [
    admin('POST /admin/review/approve-expenses', json<ReviewCommandResponse>('ReviewCommandResponse'), {
      summary: 'Approve selected expenses',
      body: approveExpensesSchema,
      status: 200,
    }), // modules/expenses/admin-expenses.controller.ts#approveSelected
    admin('PUT /admin/expenses/{id}', json<ExpenseCommandResponse>('ExpenseCommandResponse'), {
      summary: "Correct a person's expense (admin)",
      body: adminExpenseEditSchema,
      errors: [423],
    }), // modules/expenses/admin-expenses.controller.ts#update
    signedIn('GET /expenses/types', json<ExpenseType[]>('ExpenseType[]'), { summary: 'The expense types' }), // modules/expenses/expenses.controller.ts#types
    signedIn('GET /expenses', json<ExpenseList>('ExpenseList'), {
      summary: 'List own expenses',
      query: expenseListQuerySchema,
    }), // modules/expenses/expenses.controller.ts#listOwn
    signedIn('GET /expenses/claim-preview', json<ClaimPreview>('ClaimPreview'), {
      summary: "Preview a claim's rate and claimed amount",
      query: claimPreviewQuerySchema,
    }), // modules/expenses/expenses.controller.ts#preview
    signedIn('POST /expenses', json<ClaimExpensesResponse>('ClaimExpensesResponse'), {
      summary: 'Claim an expense',
      body: expenseClaimSchema,
      errors: [423],
    }), // modules/expenses/expenses.controller.ts#save
    signedIn('POST /expenses/per-diem', json<ClaimExpensesResponse>('ClaimExpensesResponse'), {
      summary: 'Claim per diem (one expense per date)',
      body: perDiemSchema,
      errors: [423],
    }), // modules/expenses/expenses.controller.ts#savePerDiem
    signedIn('POST /expenses/accommodation', json<ClaimExpensesResponse>('ClaimExpensesResponse'), {
      summary: 'Claim accommodation (one amount per night)',
      body: accommodationSchema,
      errors: [423],
    }), // modules/expenses/expenses.controller.ts#saveAccommodation
    signedIn('PUT /expenses/{id}', json<ExpenseCommandResponse>('ExpenseCommandResponse'), {
      summary: 'Change an expense',
      body: expenseEditSchema,
      errors: [423],
    }), // modules/expenses/expenses.controller.ts#update
    signedIn('DELETE /expenses/{id}', json<ExpenseCommandResponse>('ExpenseCommandResponse'), {
      summary: 'Withdraw an expense',
      query: expenseWithdrawQuerySchema,
      errors: [423],
    }), // modules/expenses/expenses.controller.ts#remove
    signedIn('GET /expenses/export', workbookFile, {
      summary: 'Expenses as a workbook',
      query: expenseExportQuerySchema,
    }), // modules/expenses/exports/expense-exports.controller.ts#export
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
    signedIn(
      'GET /expenses/receipts/{receiptId}',
      file('application/pdf', 'The receipt (PDF), as an attachment.'),
      { summary: 'Download a receipt (its owner, or an admin who can see the owner)' },
    ), // modules/expenses/receipts/receipts.controller.ts#download
  ],
} satisfies RouteGroup;
