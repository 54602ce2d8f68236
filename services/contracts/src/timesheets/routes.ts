import { signedIn, json, type RouteGroup } from '../kernel/api-routes';
import { ledgerEntryRoutes } from '../kernel/route-shapes';
import { adminTimesheetEditSchema, type LatestEntryDate } from '../periods';
import {
  copyWeekQuerySchema,
  reportEmbedRequestSchema,
  timesheetBatchSchema,
  timesheetEditSchema,
  timesheetExportQuerySchema,
  timesheetListQuerySchema,
  timesheetWithdrawQuerySchema,
  type CopyWeekProposal,
  type RecentCombination,
  type ReportEmbed,
  type ReportsStatus,
  type SubmitTimesheetResponse,
  type TimesheetCommandResponse,
  type TimesheetList,
} from '../timesheets';

const entries = ledgerEntryRoutes('/timesheets', json<TimesheetCommandResponse>('TimesheetCommandResponse'));

/** The timesheets routes, as the API serves them (see kernel/api-routes.ts). */
export const timesheetsRoutes = {
  tag: 'timesheets',
  description: 'Time entries, their exports and the Power BI timesheet report. docs/api.md, Timesheets.',
  routes: [
    entries.correct("Correct a person's time entry (admin)", adminTimesheetEditSchema), // modules/timesheets/admin-timesheets.controller.ts#update
    entries.workbook('Timesheets as a workbook', timesheetExportQuerySchema), // modules/timesheets/exports/timesheet-exports.controller.ts#export
    signedIn('GET /reports/status', json<ReportsStatus>('ReportsStatus'), {
      summary: 'Whether Power BI reports are on',
    }), // modules/timesheets/exports/timesheet-reports.controller.ts#status
    signedIn('POST /reports/embed', json<ReportEmbed>('ReportEmbed'), {
      summary: 'A Power BI timesheet report embed (a read with a body)',
      description:
        'A read with a body: 200, nothing stored under an Idempotency-Key, never cached (it holds a token).',
      body: reportEmbedRequestSchema,
      status: 200,
      errors: [503],
    }), // modules/timesheets/exports/timesheet-reports.controller.ts#embed
    entries.list(json<TimesheetList>('TimesheetList'), 'List own time entries', timesheetListQuerySchema), // modules/timesheets/timesheets.controller.ts#listOwn
    signedIn('GET /timesheets/latest-date', json<LatestEntryDate>('LatestEntryDate'), {
      summary: 'The day of own latest time entry',
      description:
        "The day of the person's latest entry, or null: the verify page's periods count back from it.",
    }), // modules/timesheets/timesheets.controller.ts#latestDate
    signedIn('GET /timesheets/copy-last-week', json<CopyWeekProposal>('CopyWeekProposal'), {
      summary: "Last week's own entries laid onto this week, for review",
      description:
        "The signed-in person's entries of the week before `week` (default: this week by the server's clock) on the same weekdays, without holidays, leave days and days already entered for the same project. Nothing is saved: the web submits the reviewed rows through POST /timesheets.",
      query: copyWeekQuerySchema,
    }), // modules/timesheets/timesheets.controller.ts#copyLastWeek
    signedIn('GET /timesheets/recent', json<RecentCombination[]>('RecentCombination[]'), {
      summary: 'Own recent project, sub-project and activity combinations',
      description:
        "Up to 5 combinations of project, sub-project and activity comment from the signed-in person's own entries of the last 60 days (by the server's clock), the most recently entered first, each once; the entry form offers them first.",
    }), // modules/timesheets/timesheets.controller.ts#recent
    entries.enter(
      '',
      json<SubmitTimesheetResponse>('SubmitTimesheetResponse'),
      'Enter time (a batch of days)',
      timesheetBatchSchema,
    ), // modules/timesheets/timesheets.controller.ts#save
    entries.change('Correct a time entry', timesheetEditSchema), // modules/timesheets/timesheets.controller.ts#update
    entries.withdraw('Withdraw a time entry', timesheetWithdrawQuerySchema), // modules/timesheets/timesheets.controller.ts#remove
  ],
} satisfies RouteGroup;
