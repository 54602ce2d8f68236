import { file, json, route, XLSX, type RouteGroup } from '../kernel/api-routes';
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
    route({
      method: 'post',
      path: '/admin/review/approve-expenses',
      summary: 'Approve selected expenses',
      access: 'admin',
      body: approveExpensesSchema,
      status: 200,
      response: json<ReviewCommandResponse>('ReviewCommandResponse'),
    }), // modules/expenses/admin-expenses.controller.ts#approveSelected
    route({
      method: 'put',
      path: '/admin/expenses/{id}',
      summary: "Correct a person's expense (admin)",
      access: 'admin',
      body: adminExpenseEditSchema,
      response: json<ExpenseCommandResponse>('ExpenseCommandResponse'),
      errors: [423],
    }), // modules/expenses/admin-expenses.controller.ts#update
    route({
      method: 'get',
      path: '/expenses/types',
      summary: 'The expense types',
      access: 'signed-in',
      response: json<ExpenseType[]>('ExpenseType[]'),
    }), // modules/expenses/expenses.controller.ts#types
    route({
      method: 'get',
      path: '/expenses',
      summary: 'List own expenses',
      access: 'signed-in',
      query: expenseListQuerySchema,
      response: json<ExpenseList>('ExpenseList'),
    }), // modules/expenses/expenses.controller.ts#listOwn
    route({
      method: 'get',
      path: '/expenses/claim-preview',
      summary: "Preview a claim's rate and claimed amount",
      access: 'signed-in',
      query: claimPreviewQuerySchema,
      response: json<ClaimPreview>('ClaimPreview'),
    }), // modules/expenses/expenses.controller.ts#preview
    route({
      method: 'post',
      path: '/expenses',
      summary: 'Claim an expense',
      access: 'signed-in',
      body: expenseClaimSchema,
      response: json<ClaimExpensesResponse>('ClaimExpensesResponse'),
      errors: [423],
    }), // modules/expenses/expenses.controller.ts#save
    route({
      method: 'post',
      path: '/expenses/per-diem',
      summary: 'Claim per diem (one expense per date)',
      access: 'signed-in',
      body: perDiemSchema,
      response: json<ClaimExpensesResponse>('ClaimExpensesResponse'),
      errors: [423],
    }), // modules/expenses/expenses.controller.ts#savePerDiem
    route({
      method: 'post',
      path: '/expenses/accommodation',
      summary: 'Claim accommodation (one amount per night)',
      access: 'signed-in',
      body: accommodationSchema,
      response: json<ClaimExpensesResponse>('ClaimExpensesResponse'),
      errors: [423],
    }), // modules/expenses/expenses.controller.ts#saveAccommodation
    route({
      method: 'put',
      path: '/expenses/{id}',
      summary: 'Change an expense',
      access: 'signed-in',
      body: expenseEditSchema,
      response: json<ExpenseCommandResponse>('ExpenseCommandResponse'),
      errors: [423],
    }), // modules/expenses/expenses.controller.ts#update
    route({
      method: 'delete',
      path: '/expenses/{id}',
      summary: 'Withdraw an expense',
      access: 'signed-in',
      query: expenseWithdrawQuerySchema,
      response: json<ExpenseCommandResponse>('ExpenseCommandResponse'),
      errors: [423],
    }), // modules/expenses/expenses.controller.ts#remove
    route({
      method: 'get',
      path: '/expenses/export',
      summary: 'Expenses as a workbook',
      access: 'signed-in',
      query: expenseExportQuerySchema,
      response: file(XLSX, 'The workbook (.xlsx), as an attachment.'),
    }), // modules/expenses/exports/expense-exports.controller.ts#export
    route({
      method: 'post',
      path: '/expenses/downloads',
      summary: 'Start a receipts download (zip)',
      access: 'signed-in',
      body: [receiptsRangeDownloadSchema, receiptsDownloadSchema],
      status: 202,
      response: json<ReceiptsDownloadStarted>('ReceiptsDownloadStarted'),
    }), // modules/expenses/exports/expense-exports.controller.ts#startDownload
    route({
      method: 'get',
      path: '/expenses/downloads/{jobId}',
      summary: "A receipts download's progress",
      access: 'signed-in',
      response: json<ReceiptsDownloadStatus>('ReceiptsDownloadStatus'),
    }), // modules/expenses/exports/expense-exports.controller.ts#downloadStatus
    route({
      method: 'get',
      path: '/expenses/downloads/{jobId}/file',
      summary: 'The receipts zip',
      access: 'signed-in',
      response: file('application/zip', 'The receipts of the period, one zip, as an attachment.'),
    }), // modules/expenses/exports/expense-exports.controller.ts#downloadFile
    route({
      method: 'post',
      path: '/expenses/receipts',
      summary: 'Upload a receipt (PDF)',
      access: 'signed-in',
      body: { multipart: 'One file in the field `file`.' },
      response: json<ReceiptUploadResponse>('ReceiptUploadResponse'),
    }), // modules/expenses/receipts/receipts.controller.ts#uploadReceipt
    route({
      method: 'get',
      path: '/expenses/receipts/{receiptId}',
      summary: 'Download a receipt (its owner, or an admin who can see the owner)',
      access: 'signed-in',
      response: file('application/pdf', 'The receipt (PDF), as an attachment.'),
    }), // modules/expenses/receipts/receipts.controller.ts#download
  ],
} satisfies RouteGroup;
