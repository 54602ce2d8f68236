import { CommandHandler } from '@nestjs/cqrs';
import {
  businessDateOf,
  claimedAmount,
  expenseMessages as msg,
  type AdminExpenseEditRequest,
  type ExpenseFields,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { LedgerAccess, LedgerRunner } from '../../periods';
import { fieldsOf } from '../domain/expense-ledger';
import { ExpenseLocations } from '../queries/expense-locations';
import { currentExpense, editExpense, expenseEditProblems } from './expense-edit';
import { ExpenseFacts } from './expense-facts';

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
export class AdminCorrectExpenseHandler extends PortalCommandHandler<AdminCorrectExpense> {
  constructor(
    private readonly access: LedgerAccess,
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
  }: AdminCorrectExpense): Promise<{ position: LogPosition | null }> {
    // The admin must see the row's project now (403), not only the one the edit names.
    const { person, row: location } = await this.access.reviewedRow(
      caller,
      edit.employeeId,
      () => this.locations.find(expenseId),
      msg.expenseNotFound,
    );
    const employeeId = person.staffId;
    const projectNames = new Map([[location.projectId, location.projectName]]);
    const current = await currentExpense(this.ledger, {
      employeeId,
      expenseId,
      month: location.month,
      expectedVersion: edit.version,
      projectNames,
      byAdmin: true,
    });
    if (!current) throw DomainError.notFound(msg.expenseNotFound);

    // The admin must see the project (a sightstream admin: owner 2 only); then the person's rules.
    await this.access.reviewedProject(caller, edit.projectId);
    const project = await this.facts.project(person, edit.projectId);
    const problems = await this.facts.projectProblems(employeeId, edit.projectId, project);
    if (!project) throw DomainError.validation(problems);
    const totalAmount = edit.categoryId === current.categoryId ? current.totalAmount : null;
    const edited = {
      categoryId: edit.categoryId,
      activityDate: current.activityDate,
      totalAmount,
      amount: edit.amount,
      date: edit.date,
    };
    const today = businessDateOf(caller.context.now);
    ExpenseFacts.throwIfAny([
      ...expenseEditProblems(edited, current, { today, needReceipt: person.needReceipt }),
      ...problems,
    ]);

    const after: ExpenseFields = {
      ...fieldsOf(current),
      projectId: edit.projectId,
      categoryId: edit.categoryId,
      date: edit.date,
      totalAmount,
      amount: edit.amount,
      rate: edit.rate,
      projectCurrency: edit.projectCurrency,
      claimed: claimedAmount(edit.amount, edit.rate),
      isBillable: edit.isBillable,
      comment: edit.comment,
    };
    projectNames.set(project.projectId, project.name);
    return editExpense(
      this.ledger,
      {
        employeeId,
        expenseId,
        month: location.month,
        expectedVersion: edit.version,
        after,
        projectNames,
        byAdmin: true,
      },
      current,
      caller.context,
    );
  }
}
