import { z } from 'zod';
import { asOfQuerySchema } from '../kernel/as-of';
import type { TimesheetCommandResponse } from '../timesheets';
import { signedIn, admin, adminOrAuditor, json, type RouteGroup } from '../kernel/api-routes';
import {
  approvePeriodSchema,
  ledgerLockParamsSchema,
  ledgerLockQuerySchema,
  ledgerMonthSchema,
  type PeriodBoard,
  type ReviewPage,
  returnPeriodSchema,
  reviewQuerySchema,
  type LedgerLockCheck,
  type MonthAtAGlance,
  type ReviewCommandResponse,
  type ReviewFilters,
  verifyPeriodSchema,
  verifyRangeSchema,
} from '../periods';

/** A command of the admin review loop, `POST /admin/review/<name>`: admins', answering 200. */
export const reviewCommand = <const N extends string, const B extends z.ZodType>(
  name: N,
  summary: string,
  body: B,
) =>
  admin(`POST /admin/review/${name}`, json<ReviewCommandResponse>('ReviewCommandResponse'), {
    summary,
    body,
    status: 200,
  });

/** The periods routes, as the API serves them (see kernel/api-routes.ts). */
export const periodsRoutes = {
  tag: 'periods',
  description:
    'Verification, locks, the admin review loop, the period board and the month at a glance. docs/api.md, Periods (verification and locks); Period board; As of.',
  routes: [
    signedIn('GET /periods/board', json<PeriodBoard>('PeriodBoard'), {
      summary: 'The period board',
      description:
        "GET /api/periods/board: an admin's people in scope, or the person's own periods and tasks. The answer is kept while the read models stand still, so it is sent as kept bytes (serialised and compressed once: sendKeptJson).",
    }), // modules/board/board.controller.ts#board
    signedIn('GET /me/month', json<MonthAtAGlance>('MonthAtAGlance'), {
      summary: 'Own month at a glance',
      description: "GET /api/me/month: the signed-in person's month at a glance (their own, whoever asks).",
    }), // modules/board/me-month.controller.ts#month
    adminOrAuditor('GET /admin/review', json<ReviewPage>('ReviewPage'), {
      summary: 'The review page: people, rows and totals of a filter',
      query: [reviewQuerySchema, asOfQuerySchema],
    }), // modules/board/review.controller.ts#review
    adminOrAuditor('GET /admin/review/filters', json<ReviewFilters>('ReviewFilters'), {
      summary: "The review page's filter choices",
    }), // modules/board/review.controller.ts#filters
    reviewCommand('approve', "Approve a person's period", approvePeriodSchema), // modules/periods/admin-review.controller.ts#approve
    reviewCommand('return', 'Return a period (or some rows) to the person', returnPeriodSchema), // modules/periods/admin-review.controller.ts#giveBack
    signedIn(
      'GET /ledgers/{employeeId}/{month}/locks/{projectId}',
      json<LedgerLockCheck>('LedgerLockCheck'),
      {
        summary: "Whether a person's month of a project is locked (verified)",
        params: ledgerLockParamsSchema,
        query: ledgerLockQuerySchema,
      },
    ), // modules/periods/periods.controller.ts#lockOf
    signedIn('POST /ledgers/me/verify', json<TimesheetCommandResponse>('TimesheetCommandResponse'), {
      summary: 'Verify own billing period of a project',
      description:
        'Verifies one billing period of the project (start and end its first and last days): the ledger of each month it touches records PeriodVerified for the days of that month.',
      body: verifyRangeSchema,
    }), // modules/periods/periods.controller.ts#verifyOwnPeriod
    signedIn('POST /ledgers/me/{month}/verify', json<TimesheetCommandResponse>('TimesheetCommandResponse'), {
      summary: 'Verify own month of a project',
      params: z.object({ month: ledgerMonthSchema }),
      body: verifyPeriodSchema,
    }), // modules/periods/periods.controller.ts#verifyOwn
  ],
} satisfies RouteGroup;
