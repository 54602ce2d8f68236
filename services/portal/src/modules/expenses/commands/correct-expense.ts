import { CommandHandler } from '@nestjs/cqrs';
import {
  businessDateOf,
  claimedAmount,
  expenseMessages as msg,
  type ExpenseEditRequest,
  type ExpenseFields,
} from '@portal/contracts';
import { PortalCommand, PortalCommandHandler, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { DomainError } from '../../../kernel/domain-error';
import { LedgerRunner } from '../../periods';
import { ExpenseLocations } from '../queries/expense-locations';
import { currentExpense, editExpense, expenseEditProblems } from './expense-edit';
import { ExpenseFacts } from './expense-facts';

/** Edits one of the person's expenses (the Edit Expense modal). */
export class CorrectExpenseCommand extends PortalCommand<{ position: LogPosition | null }> {
  constructor(
    caller: Caller,
    readonly expenseId: string,
    readonly edit: ExpenseEditRequest,
  ) {
    super(caller);
  }
}

/**
 * The person's edit, checked by the shared rules (a move to another month is `editExpense`'s).
 * The rate is looked up again only when the date, the currency or the project's currency changes.
 */
@CommandHandler(CorrectExpenseCommand)
export class CorrectExpenseHandler extends PortalCommandHandler<CorrectExpenseCommand> {
  constructor(
    private readonly ledger: LedgerRunner,
    private readonly facts: ExpenseFacts,
    private readonly locations: ExpenseLocations,
  ) {
    super();
  }

  protected async handle({
    caller,
    expenseId,
    edit,
  }: CorrectExpenseCommand): Promise<{ position: LogPosition | null }> {
    const { principal: person, context } = caller;
    const location = await this.locations.own(person, expenseId);
    const employeeId = person.staffId;
    // Checks the old ledger's rules (approved, locked, stale) before anything else; appends nothing.
    const current = await currentExpense(this.ledger, {
      employeeId,
      expenseId,
      month: location.month,
      expectedVersion: edit.version,
      projectNames: new Map([[location.projectId, location.projectName]]),
      byAdmin: false,
    });
    if (!current) throw DomainError.notFound(msg.expenseNotFound);

    const today = businessDateOf(context.now);
    const project = await this.facts.project(person, edit.projectId);
    const problems = await this.facts.projectProblems(employeeId, edit.projectId, project);
    if (!project) throw DomainError.validation(problems);

    const currency = edit.currency ?? current.currency;
    const activityDate = edit.activityDate === undefined ? current.activityDate : edit.activityDate;
    const totalAmount =
      edit.totalAmount ?? (edit.categoryId === current.categoryId ? current.totalAmount : null);
    const typed = { categoryId: edit.categoryId, activityDate, totalAmount, amount: edit.amount };
    ExpenseFacts.throwIfAny([
      ...expenseEditProblems({ ...typed, date: edit.date }, current, {
        today,
        needReceipt: person.needReceipt,
      }),
      ...problems,
    ]);

    const projectCurrency = project.invoiceCurrency;
    const sameRateInputs =
      edit.date === current.date &&
      currency === current.currency &&
      projectCurrency === current.projectCurrency;
    const rate = sameRateInputs ? current.rate : await this.facts.rate(currency, projectCurrency, edit.date);
    const after: ExpenseFields = {
      projectId: edit.projectId,
      categoryId: edit.categoryId,
      date: edit.date,
      activityDate,
      currency,
      amount: edit.amount,
      totalAmount: typed.totalAmount,
      rate,
      projectCurrency,
      claimed: claimedAmount(edit.amount, rate),
      isBillable: edit.isBillable,
      comment: edit.comment,
      receiptId: current.receiptId,
      groupId: current.groupId,
    };
    const projectNames = new Map([
      [location.projectId, location.projectName],
      [project.projectId, project.name],
    ]);
    return editExpense(
      this.ledger,
      {
        employeeId,
        expenseId,
        month: location.month,
        expectedVersion: edit.version,
        after,
        projectNames,
        byAdmin: false,
      },
      current,
      context,
    );
  }
}
