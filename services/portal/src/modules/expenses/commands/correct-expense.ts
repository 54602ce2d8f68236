import { CommandHandler } from '@nestjs/cqrs';
import { claimedAmount, type ExpenseEditRequest } from '@portal/contracts';
import { PortalCommand, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { ExpenseEditHandler, type ExpenseChange } from './expense-edit';

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
export class CorrectExpenseHandler extends ExpenseEditHandler<CorrectExpenseCommand> {
  protected async handle({
    caller,
    expenseId,
    edit,
  }: CorrectExpenseCommand): Promise<{ position: LogPosition | null }> {
    const person = caller.principal;
    const location = await this.locations.own(person, expenseId);
    const request = { expenseId, version: edit.version, projectId: edit.projectId };
    return this.correct(caller, person, location, request, this.change(edit), false);
  }

  private change(edit: ExpenseEditRequest): ExpenseChange {
    return {
      edited: (current) => ({
        categoryId: edit.categoryId,
        activityDate: edit.activityDate === undefined ? current.activityDate : edit.activityDate,
        totalAmount:
          edit.totalAmount ?? (edit.categoryId === current.categoryId ? current.totalAmount : null),
        amount: edit.amount,
        date: edit.date,
      }),
      after: async (current, project, edited) => {
        const currency = edit.currency ?? current.currency;
        const projectCurrency = project.invoiceCurrency;
        const sameRateInputs =
          edit.date === current.date &&
          currency === current.currency &&
          projectCurrency === current.projectCurrency;
        const rate = sameRateInputs
          ? current.rate
          : await this.facts.rate(currency, projectCurrency, edit.date);
        return {
          projectId: edit.projectId,
          categoryId: edit.categoryId,
          date: edit.date,
          activityDate: edited.activityDate,
          currency,
          amount: edit.amount,
          totalAmount: edited.totalAmount,
          rate,
          projectCurrency,
          claimed: claimedAmount(edit.amount, rate),
          isBillable: edit.isBillable,
          comment: edit.comment,
          receiptId: current.receiptId,
          groupId: current.groupId,
        };
      },
    };
  }
}
