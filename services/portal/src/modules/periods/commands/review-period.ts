import { Injectable } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  reviewMessages as msg,
  type ApprovePeriodRequest,
  type ReturnPeriodRequest,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { monthsOfRange, type ReviewDecision } from '../domain/review';
import { LedgerAccess } from './ledger-access';
import { plannedReturns, ReviewLedgers, type ReviewOutcome, type ReviewPlan } from './review-ledgers';

/**
 * An admin approves every unapproved time entry and expense of a person's project dated in a
 * range (a period of the project's billing cycle): TimesheetsApproved and ExpensesApproved in each
 * month's ledger the range touches. Nothing left to approve answers 200 with zero counts. No admin
 * approves or returns their own period (403).
 */
@Requires('admin')
export class ApprovePeriod extends PortalCommand<ReviewOutcome> {
  constructor(
    caller: Caller,
    readonly request: ApprovePeriodRequest,
  ) {
    super(caller);
  }
}

/**
 * An admin sends a person's project over a range back, with a reason: the chosen rows, or (none
 * chosen) every row of the project in the range. PeriodReturned in each month's ledger that holds
 * returned rows (or, for a whole month, a lock); the returned kinds reopen for the person.
 */
@Requires('admin')
export class ReturnPeriod extends PortalCommand<ReviewOutcome> {
  constructor(
    caller: Caller,
    readonly request: ReturnPeriodRequest,
  ) {
    super(caller);
  }
}

/**
 * The shell approve and return share: the admin's checks (never their own period, 403; a person
 * and a project in their scope, 404 / 400), one decision for each month the range touches, planned
 * on every month before any is written, then applied.
 */
// Injectable so its constructor's parameter types are recorded; the handlers inherit them.
@Injectable()
abstract class PeriodReviewHandler<C extends PortalCommand<ReviewOutcome>> extends PortalCommandHandler<C> {
  constructor(
    private readonly access: LedgerAccess,
    private readonly review: ReviewLedgers,
  ) {
    super();
  }

  /**
   * Decides `decisionOf` in each month of the request's range; `checkPlans` may refuse the command
   * once every month is planned, before anything is written.
   */
  protected async reviewPeriod(
    caller: Caller,
    request: ApprovePeriodRequest,
    decisionOf: (employeeId: number, month: string) => ReviewDecision,
    checkPlans: (plans: readonly ReviewPlan[]) => void = () => {},
  ): Promise<ReviewOutcome> {
    const person = await this.access.reviewedPeriodOwner(caller, request.employeeId);
    await this.access.reviewedProject(caller, request.projectId);
    const plans = await this.review.plan(
      person.staffId,
      monthsOfRange(request).map((month) => decisionOf(person.staffId, month)),
    );
    checkPlans(plans);
    const { start, end } = request;
    return this.review.apply(person.staffId, plans, caller.context, { start, end });
  }
}

@CommandHandler(ApprovePeriod)
export class ApprovePeriodHandler extends PeriodReviewHandler<ApprovePeriod> {
  protected handle({ caller, request }: ApprovePeriod): Promise<ReviewOutcome> {
    const { projectId, start, end } = request;
    return this.reviewPeriod(caller, request, (employeeId, month) => ({
      type: 'ApprovePeriod',
      data: { employeeId, projectId, month, start, end },
    }));
  }
}

@CommandHandler(ReturnPeriod)
export class ReturnPeriodHandler extends PeriodReviewHandler<ReturnPeriod> {
  protected handle({ caller, request }: ReturnPeriod): Promise<ReviewOutcome> {
    const { projectId, start, end, reason, entryIds, expenseIds } = request;
    return this.reviewPeriod(
      caller,
      request,
      (employeeId, month) => ({
        type: 'ReturnPeriod',
        data: { employeeId, projectId, month, start, end, reason, entryIds, expenseIds },
      }),
      (plans) => {
        // Every chosen row must be one of the project's rows in the range (found in one of the months).
        const planned = plannedReturns(plans);
        DomainError.throwIfAny([
          ...entryIds
            .filter((id) => !planned.entryIds.has(id))
            .map((id) => ({ path: 'entryIds', message: msg.unknownRow(id) })),
          ...expenseIds
            .filter((id) => !planned.expenseIds.has(id))
            .map((id) => ({ path: 'expenseIds', message: msg.unknownRow(id) })),
        ]);
        if (plans.every((plan) => plan.events.length === 0))
          throw DomainError.validation([{ path: 'projectId', message: msg.nothingToReturn }]);
      },
    );
  }
}
