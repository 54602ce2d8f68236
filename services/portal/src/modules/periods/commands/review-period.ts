import { CommandHandler } from '@nestjs/cqrs';
import {
  reviewMessages as msg,
  type ApprovePeriodRequest,
  type ReturnPeriodRequest,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { monthsOfRange } from '../domain/review';
import { LedgerAccess } from './ledger-access';
import { plannedReturns, ReviewLedgers, type ReviewOutcome } from './review-ledgers';

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

@CommandHandler(ApprovePeriod)
export class ApprovePeriodHandler extends PortalCommandHandler<ApprovePeriod> {
  constructor(
    private readonly access: LedgerAccess,
    private readonly review: ReviewLedgers,
  ) {
    super();
  }

  protected async handle({ caller, request }: ApprovePeriod): Promise<ReviewOutcome> {
    this.access.notOwnPeriod(caller, request.employeeId);
    const person = await this.access.reviewedPerson(caller, request.employeeId);
    await this.access.reviewedProject(caller, request.projectId);
    const { projectId, start, end } = request;
    const plans = await this.review.plan(
      person.staffId,
      monthsOfRange(request).map((month) => ({
        type: 'ApprovePeriod' as const,
        data: { employeeId: person.staffId, projectId, month, start, end },
      })),
    );
    return this.review.apply(person.staffId, plans, caller.context, { start, end });
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

@CommandHandler(ReturnPeriod)
export class ReturnPeriodHandler extends PortalCommandHandler<ReturnPeriod> {
  constructor(
    private readonly access: LedgerAccess,
    private readonly review: ReviewLedgers,
  ) {
    super();
  }

  protected async handle({ caller, request }: ReturnPeriod): Promise<ReviewOutcome> {
    this.access.notOwnPeriod(caller, request.employeeId);
    const person = await this.access.reviewedPerson(caller, request.employeeId);
    await this.access.reviewedProject(caller, request.projectId);
    const { projectId, start, end, reason, entryIds, expenseIds } = request;
    const plans = await this.review.plan(
      person.staffId,
      monthsOfRange(request).map((month) => ({
        type: 'ReturnPeriod' as const,
        data: { employeeId: person.staffId, projectId, month, start, end, reason, entryIds, expenseIds },
      })),
    );
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
    return this.review.apply(person.staffId, plans, caller.context, { start, end });
  }
}
