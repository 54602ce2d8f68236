import { CommandHandler } from '@nestjs/cqrs';
import { reviewMessages as msg, type ApproveExpensesRequest } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { LedgerAccess, ReviewLedgers, type ReviewDecision, type ReviewOutcome } from '../../periods';
import { ExpenseLocations } from '../queries/expense-locations';

/**
 * An admin approves chosen expenses of one person (Approve selected on the review page):
 * ExpensesApproved in each month's ledger that holds them, one event per project. Expenses
 * approved already are skipped; an id that is not one of this person's expenses (or is on a
 * project outside the admin's scope) is a 400 naming `expenseIds`, and nothing is recorded. No
 * admin approves their own expenses (403).
 */
@Requires('admin')
export class ApproveExpenses extends PortalCommand<ReviewOutcome> {
  constructor(
    caller: Caller,
    readonly request: ApproveExpensesRequest,
  ) {
    super(caller);
  }
}

@CommandHandler(ApproveExpenses)
export class ApproveExpensesHandler extends PortalCommandHandler<ApproveExpenses> {
  constructor(
    private readonly access: LedgerAccess,
    private readonly review: ReviewLedgers,
    private readonly locations: ExpenseLocations,
  ) {
    super();
  }

  protected async handle({ caller, request }: ApproveExpenses): Promise<ReviewOutcome> {
    const person = await this.access.reviewedPeriodOwner(caller, request.employeeId);
    const found = await this.locations.findMany(request.expenseIds);
    const visible = new Map<number, boolean>();
    for (const location of found.values()) {
      if (!visible.has(location.projectId))
        visible.set(
          location.projectId,
          (await this.access.visibleProject(caller.principal, location.projectId)) !== null,
        );
    }
    const byMonth = new Map<string, string[]>();
    const problems = [];
    for (const id of request.expenseIds) {
      const location = found.get(id);
      if (!location || location.employeeId !== person.staffId || !visible.get(location.projectId)) {
        problems.push({ path: 'expenseIds', message: msg.unknownRow(id) });
        continue;
      }
      byMonth.set(location.month, [...(byMonth.get(location.month) ?? []), id]);
    }
    DomainError.throwIfAny(problems);
    const decisions: ReviewDecision[] = [...byMonth].map(([month, expenseIds]) => ({
      type: 'ApproveExpenses',
      data: { employeeId: person.staffId, month, expenseIds },
    }));
    const plans = await this.review.plan(person.staffId, decisions);
    return this.review.apply(person.staffId, plans, caller.context, null);
  }
}
