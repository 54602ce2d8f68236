import { file, json, route, XLSX, type RouteGroup } from '../kernel/api-routes';
import { adminTimesheetEditSchema, type LatestEntryDate } from '../periods';
import {
  reportEmbedRequestSchema,
  timesheetBatchSchema,
  timesheetEditSchema,
  timesheetExportQuerySchema,
  timesheetListQuerySchema,
  timesheetWithdrawQuerySchema,
  type ReportEmbed,
  type ReportsStatus,
  type SubmitTimesheetResponse,
  type TimesheetCommandResponse,
  type TimesheetList,
} from '../timesheets';

/** The timesheets routes, as the API serves them (see kernel/api-routes.ts). */
export const timesheetsRoutes = {
  tag: 'timesheets',
  description: 'Time entries, their exports and the Power BI timesheet report. docs/api.md, Timesheets.',
  routes: [
    route({
      method: 'put',
      path: '/admin/timesheets/{id}',
      summary: "Correct a person's time entry (admin)",
      access: 'admin',
      body: adminTimesheetEditSchema,
      response: json<TimesheetCommandResponse>('TimesheetCommandResponse'),
      errors: [423],
    }), // modules/timesheets/admin-timesheets.controller.ts#update
    route({
      method: 'get',
      path: '/timesheets/export',
      summary: 'Timesheets as a workbook',
      access: 'signed-in',
      query: timesheetExportQuerySchema,
      response: file(XLSX, 'The workbook (.xlsx), as an attachment.'),
    }), // modules/timesheets/exports/timesheet-exports.controller.ts#export
    route({
      method: 'get',
      path: '/reports/status',
      summary: 'Whether Power BI reports are on',
      access: 'signed-in',
      response: json<ReportsStatus>('ReportsStatus'),
    }), // modules/timesheets/exports/timesheet-reports.controller.ts#status
    route({
      method: 'post',
      path: '/reports/embed',
      summary: 'A Power BI timesheet report embed (a read with a body)',
      description:
        'A read with a body: 200, nothing stored under an Idempotency-Key, never cached (it holds a token).',
      access: 'signed-in',
      body: reportEmbedRequestSchema,
      status: 200,
      response: json<ReportEmbed>('ReportEmbed'),
      errors: [503],
    }), // modules/timesheets/exports/timesheet-reports.controller.ts#embed
    route({
      method: 'get',
      path: '/timesheets',
      summary: 'List own time entries',
      access: 'signed-in',
      query: timesheetListQuerySchema,
      response: json<TimesheetList>('TimesheetList'),
    }), // modules/timesheets/timesheets.controller.ts#listOwn
    route({
      method: 'get',
      path: '/timesheets/latest-date',
      summary: 'The day of own latest time entry',
      description:
        "The day of the person's latest entry, or null: the verify page's periods count back from it.",
      access: 'signed-in',
      response: json<LatestEntryDate>('LatestEntryDate'),
    }), // modules/timesheets/timesheets.controller.ts#latestDate
    route({
      method: 'post',
      path: '/timesheets',
      summary: 'Enter time (a batch of days)',
      access: 'signed-in',
      body: timesheetBatchSchema,
      response: json<SubmitTimesheetResponse>('SubmitTimesheetResponse'),
      errors: [423],
    }), // modules/timesheets/timesheets.controller.ts#save
    route({
      method: 'put',
      path: '/timesheets/{id}',
      summary: 'Correct a time entry',
      access: 'signed-in',
      body: timesheetEditSchema,
      response: json<TimesheetCommandResponse>('TimesheetCommandResponse'),
      errors: [423],
    }), // modules/timesheets/timesheets.controller.ts#update
    route({
      method: 'delete',
      path: '/timesheets/{id}',
      summary: 'Withdraw a time entry',
      access: 'signed-in',
      query: timesheetWithdrawQuerySchema,
      response: json<TimesheetCommandResponse>('TimesheetCommandResponse'),
      errors: [423],
    }), // modules/timesheets/timesheets.controller.ts#remove
  ],
} satisfies RouteGroup;
