import { Injectable } from '@nestjs/common';
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
import type { Principal } from '../../../platform/auth/principal';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { DomainError } from '../../../kernel/domain-error';
import { laterPosition } from '../../periods';
import type { ExpenseLedgerCommand } from '../domain/expense-ledger';
import { ExpenseLocations } from '../queries/expense-locations';
import { ExpenseFacts } from './expense-facts';
import { dryRunExpenseCommand, runExpenseCommand } from './run-expense-command';

/**
 * Edits one expense (the Edit Expense modal). Within its month it is a correction; to another
 * month it is a move: claimed in the new month's ledger (same id, next version) first, then
 * withdrawn from the old one, so a crash in between never loses it. The rate is looked up again
 * only when the date, the currency or the project's currency changes.
 */
@Injectable()
export class CorrectExpenseHandler {
  constructor(
    private readonly store: EventStore,
    private readonly facts: ExpenseFacts,
    private readonly locations: ExpenseLocations,
  ) {}

  async execute(
    person: Principal,
    expenseId: string,
    edit: ExpenseEditRequest,
    context: CommandContext,
  ): Promise<{ position: LogPosition | null }> {
    const location = await this.locations.own(person, expenseId);
    const employeeId = person.staffId;
    // Checks the old ledger's rules (approved, locked, stale) before anything else; appends nothing.
    const { state } = await dryRunExpenseCommand(this.store, employeeId, location.month, {
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
    const project = await this.facts.project(edit.projectId);
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
    const rate = sameRateInputs
      ? current.rate
      : await ExpenseFacts.rate(this.facts.rateFor, currency, projectCurrency, edit.date);
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
      const outcome = await runExpenseCommand(this.store, employeeId, newMonth, command, context);
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
    const moved = await runExpenseCommand(this.store, employeeId, newMonth, claim, context);
    const withdrawn = await runExpenseCommand(this.store, employeeId, location.month, withdraw, context);
    return { position: laterPosition(moved.position, withdrawn.position) };
  }
}
