import { CommandHandler } from '@nestjs/cqrs';
import {
  businessDateOf,
  claimedAmount,
  expenseClaimProblems,
  expenseMessages as msg,
  expenseTypeProblems,
  monthOf,
  type ExpenseEditRequest,
  type ExpenseFields,
} from '@portal/contracts';
import { PortalCommand, PortalCommandHandler, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { DomainError } from '../../../kernel/domain-error';
import { LedgerRunner, laterPosition } from '../../periods';
import { expenseLedgerPart, type ExpenseLedgerCommand } from '../domain/expense-ledger';
import { ExpenseLocations } from '../queries/expense-locations';
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
 * Within its month an edit is a correction; to another month it is a move: claimed in the new
 * month's ledger (same id, next version) first, then withdrawn from the old one, so a crash in
 * between never loses it. The rate is looked up again only when the date, the currency or the
 * project's currency changes.
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
    const { state } = await this.ledger.dryRun(employeeId, location.month, expenseLedgerPart, {
      type: 'WithdrawExpense',
      data: {
        employeeId,
        expenseId,
        expectedVersion: edit.version,
        projectNames: new Map([[location.projectId, location.projectName]]),
        movedTo: null,
      },
    });
    const current = state.expenses.get(expenseId);
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
      ...expenseTypeProblems(typed),
      ...expenseClaimProblems(
        { categoryId: edit.categoryId, receiptId: current.receiptId },
        [{ date: edit.date, path: 'date' }],
        { today, needReceipt: person.needReceipt },
      ),
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
    const newMonth = monthOf(edit.date);

    if (newMonth === location.month) {
      const command: ExpenseLedgerCommand = {
        type: 'CorrectExpense',
        data: { employeeId, expenseId, expectedVersion: edit.version, after, projectNames },
      };
      const outcome = await this.ledger.run(employeeId, newMonth, expenseLedgerPart, command, context);
      return { position: outcome.position };
    }

    const withdraw: ExpenseLedgerCommand = {
      type: 'WithdrawExpense',
      data: { employeeId, expenseId, expectedVersion: edit.version, projectNames, movedTo: newMonth },
    };
    // The old ledger's rules were checked above (same state, same rules: movedTo changes only the event).
    const { expenseId: _id, employeeId: _who, version, ...before } = current;
    const claim: ExpenseLedgerCommand = {
      type: 'ClaimExpenses',
      data: {
        employeeId,
        month: newMonth,
        projectNames,
        expenses: [
          { expenseId, fields: after, version: version + 1, movedFrom: { month: location.month, before } },
        ],
      },
    };
    // Nothing is appended before the claim, so running it checks the new ledger's rules first.
    const moved = await this.ledger.run(employeeId, newMonth, expenseLedgerPart, claim, context);
    const withdrawn = await this.ledger.run(employeeId, location.month, expenseLedgerPart, withdraw, context);
    return { position: laterPosition(moved.position, withdrawn.position) };
  }
}
