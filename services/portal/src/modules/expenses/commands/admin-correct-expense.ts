import { CommandHandler } from '@nestjs/cqrs';
import { claimedAmount, expenseMessages as msg, type AdminExpenseEditRequest } from '@portal/contracts';
import { PortalCommand, Requires, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { fieldsOf } from '../domain/expense-ledger';
import { ExpenseEditHandler, type ExpenseChange } from './expense-edit';

/**
 * An admin edits one of a person's expenses from the review page (admin spec §7): amount,
 * comment, category, date, rate, project currency, project and billable. The same ExpenseCorrected
 * (before -> after) as the person's edit, with the admin as the actor; claimed = amount x the
 * admin's rate. It passes the person's lock but never changes an approved expense (409).
 */
@Requires('admin')
export class AdminCorrectExpense extends PortalCommand<{ position: LogPosition | null }> {
  constructor(
    caller: Caller,
    readonly expenseId: string,
    readonly edit: AdminExpenseEditRequest,
  ) {
    super(caller);
  }
}

@CommandHandler(AdminCorrectExpense)
export class AdminCorrectExpenseHandler extends ExpenseEditHandler<AdminCorrectExpense> {
  protected async handle({
    caller,
    expenseId,
    edit,
  }: AdminCorrectExpense): Promise<{ position: LogPosition | null }> {
    // The admin must see the row's project now (403), not only the one the edit names.
    const { person, row: location } = await this.access.reviewedRow(
      caller,
      edit.employeeId,
      () => this.locations.find(expenseId),
      msg.expenseNotFound,
    );
    const request = { expenseId, version: edit.version, projectId: edit.projectId };
    return this.correct(caller, person, location, request, adminChange(edit), true);
  }
}

/** The admin's edit keeps the activity date, the currency and the receipt; the rate is the admin's. */
function adminChange(edit: AdminExpenseEditRequest): ExpenseChange {
  return {
    edited: (current) => ({
      categoryId: edit.categoryId,
      activityDate: current.activityDate,
      totalAmount: edit.categoryId === current.categoryId ? current.totalAmount : null,
      amount: edit.amount,
      date: edit.date,
    }),
    after: (current, _project, edited) => ({
      ...fieldsOf(current),
      projectId: edit.projectId,
      categoryId: edit.categoryId,
      date: edit.date,
      totalAmount: edited.totalAmount,
      amount: edit.amount,
      rate: edit.rate,
      projectCurrency: edit.projectCurrency,
      claimed: claimedAmount(edit.amount, edit.rate),
      isBillable: edit.isBillable,
      comment: edit.comment,
    }),
  };
}
