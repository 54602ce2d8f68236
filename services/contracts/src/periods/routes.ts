import { z } from 'zod';
import { asOfQuerySchema } from '../kernel/as-of';
import type { TimesheetCommandResponse } from '../timesheets';
import { json, route, type RouteGroup } from '../kernel/api-routes';
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

/** The periods routes, as the API serves them (see kernel/api-routes.ts). */
export const periodsRoutes = {
  tag: 'periods',
  description:
    'Verification, locks, the admin review loop, the period board and the month at a glance. docs/api.md, Periods (verification and locks); Period board; As of.',
  routes: [
    route({
      method: 'get',
      path: '/periods/board',
      summary: 'The period board',
      description:
        "GET /api/periods/board: an admin's people in scope, or the person's own periods and tasks. The answer is kept while the read models stand still, so it is sent as kept bytes (serialised and compressed once: sendKeptJson).",
      access: 'signed-in',
      response: json<PeriodBoard>('PeriodBoard'),
    }), // modules/board/board.controller.ts#board
    route({
      method: 'get',
      path: '/me/month',
      summary: 'Own month at a glance',
      description: "GET /api/me/month: the signed-in person's month at a glance (their own, whoever asks).",
      access: 'signed-in',
      response: json<MonthAtAGlance>('MonthAtAGlance'),
    }), // modules/board/me-month.controller.ts#month
    route({
      method: 'get',
      path: '/admin/review',
      summary: 'The review page: people, rows and totals of a filter',
      access: 'admin-or-auditor',
      query: [reviewQuerySchema, asOfQuerySchema],
      response: json<ReviewPage>('ReviewPage'),
    }), // modules/board/review.controller.ts#review
    route({
      method: 'get',
      path: '/admin/review/filters',
      summary: "The review page's filter choices",
      access: 'admin-or-auditor',
      response: json<ReviewFilters>('ReviewFilters'),
    }), // modules/board/review.controller.ts#filters
    route({
      method: 'post',
      path: '/admin/review/approve',
      summary: "Approve a person's period",
      access: 'admin',
      body: approvePeriodSchema,
      status: 200,
      response: json<ReviewCommandResponse>('ReviewCommandResponse'),
    }), // modules/periods/admin-review.controller.ts#approve
    route({
      method: 'post',
      path: '/admin/review/return',
      summary: 'Return a period (or some rows) to the person',
      access: 'admin',
      body: returnPeriodSchema,
      status: 200,
      response: json<ReviewCommandResponse>('ReviewCommandResponse'),
    }), // modules/periods/admin-review.controller.ts#giveBack
    route({
      method: 'get',
      path: '/ledgers/{employeeId}/{month}/locks/{projectId}',
      summary: "Whether a person's month of a project is locked (verified)",
      access: 'signed-in',
      params: ledgerLockParamsSchema,
      query: ledgerLockQuerySchema,
      response: json<LedgerLockCheck>('LedgerLockCheck'),
    }), // modules/periods/periods.controller.ts#lockOf
    route({
      method: 'post',
      path: '/ledgers/me/verify',
      summary: 'Verify own billing period of a project',
      description:
        'Verifies one billing period of the project (start and end its first and last days): the ledger of each month it touches records PeriodVerified for the days of that month.',
      access: 'signed-in',
      body: verifyRangeSchema,
      response: json<TimesheetCommandResponse>('TimesheetCommandResponse'),
    }), // modules/periods/periods.controller.ts#verifyOwnPeriod
    route({
      method: 'post',
      path: '/ledgers/me/{month}/verify',
      summary: 'Verify own month of a project',
      access: 'signed-in',
      params: z.object({ month: ledgerMonthSchema }),
      body: verifyPeriodSchema,
      response: json<TimesheetCommandResponse>('TimesheetCommandResponse'),
    }), // modules/periods/periods.controller.ts#verifyOwn
  ],
} satisfies RouteGroup;
