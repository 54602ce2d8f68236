import { Injectable } from '@nestjs/common';
import {
  expenseClaimProblems,
  expenseMessages as msg,
  expenseTypeProblems,
  monthOf,
  type BusinessDate,
  type ExpenseFields,
  type ExpenseProblem,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { PortalCommand, PortalCommandHandler, type Caller } from '../../../platform/cqrs';
import type { CommandContext } from '../../../platform/event-store/command-context';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import type { ProjectNames } from '../../../kernel/ledger-rows';
import type { ProjectView } from '../../catalog';
import { laterPosition, LedgerAccess, LedgerRunner, type ReviewedPerson } from '../../periods';
import { expenseLedgerPart, type ExpenseLedgerCommand, type LedgerExpense } from '../domain/expense-ledger';
import { ExpenseLocations, type ExpenseLocation } from '../queries/expense-locations';
import { ExpenseFacts } from './expense-facts';
import { BusinessCalendar } from '../../../platform/clock/business-calendar';

/** An edit of one expense, as the person's and the admin's edit commands both make it. */
export interface ExpenseEdit {
  readonly employeeId: number;
  readonly expenseId: string;
  /** The month whose ledger holds the expense now. */
  readonly month: string;
  readonly expectedVersion: number;
  readonly after: ExpenseFields;
  readonly projectNames: ProjectNames;
  /** An admin's edit: ignores the person's lock, never the approval (see the expense decider). */
  readonly byAdmin: boolean;
}

/** The expense as its ledger holds it now, after the old ledger's rules (approved, locked, stale) passed. */
export async function currentExpense(
  ledger: LedgerRunner,
  edit: Omit<ExpenseEdit, 'after'>,
): Promise<LedgerExpense | undefined> {
  const { employeeId, expenseId, month, expectedVersion, projectNames, byAdmin } = edit;
  const { state } = await ledger.dryRun(employeeId, month, expenseLedgerPart, {
    type: 'WithdrawExpense',
    data: { employeeId, expenseId, expectedVersion, projectNames, movedTo: null, byAdmin },
  });
  return state.expenses.get(expenseId);
}

/** The category, amounts and dates of an expense as an edit leaves them. */
export interface EditedExpense {
  readonly categoryId: number;
  readonly activityDate: BusinessDate | null;
  readonly totalAmount: string | null;
  readonly amount: string;
  readonly date: BusinessDate;
}

/**
 * The shared expense rules an edit must pass (per type, the date window, the receipt), for the
 * new category, amounts and date of an expense whose receipt stays `current`'s.
 */
export function expenseEditProblems(
  edited: EditedExpense,
  current: Pick<LedgerExpense, 'receiptId'>,
  facts: { today: BusinessDate; needReceipt: boolean },
): ExpenseProblem[] {
  return [
    ...expenseTypeProblems(edited),
    ...expenseClaimProblems(
      { categoryId: edited.categoryId, receiptId: current.receiptId },
      [{ date: edited.date, path: 'date' }],
      facts,
    ),
  ];
}

/**
 * Within its month an edit is a correction; to another month it is a move: claimed in the new
 * month's ledger (same id, next version) first, then withdrawn from the old one, so a crash in
 * between never loses it. `current` is the expense as `currentExpense` found it.
 */
export async function editExpense(
  ledger: LedgerRunner,
  edit: ExpenseEdit,
  current: LedgerExpense,
  context: CommandContext,
): Promise<{ position: LogPosition | null }> {
  const { employeeId, expenseId, month, expectedVersion, after, projectNames, byAdmin } = edit;
  const newMonth = monthOf(after.date);
  if (newMonth === month) {
    const command: ExpenseLedgerCommand = {
      type: 'CorrectExpense',
      data: { employeeId, expenseId, expectedVersion, after, projectNames, byAdmin },
    };
    const outcome = await ledger.run(employeeId, newMonth, expenseLedgerPart, command, context);
    return { position: outcome.position };
  }
  const withdraw: ExpenseLedgerCommand = {
    type: 'WithdrawExpense',
    data: { employeeId, expenseId, expectedVersion, projectNames, movedTo: newMonth, byAdmin },
  };
  const { expenseId: _id, employeeId: _who, version, ...before } = current;
  const claim: ExpenseLedgerCommand = {
    type: 'ClaimExpenses',
    data: {
      employeeId,
      month: newMonth,
      projectNames,
      byAdmin,
      expenses: [{ expenseId, fields: after, version: version + 1, movedFrom: { month, before } }],
    },
  };
  // Nothing is appended before the claim, so running it checks the new ledger's rules first.
  const moved = await ledger.run(employeeId, newMonth, expenseLedgerPart, claim, context);
  const withdrawn = await ledger.run(employeeId, month, expenseLedgerPart, withdraw, context);
  return { position: laterPosition(moved.position, withdrawn.position) };
}

/** How an edit command changes the expense it found: the person's and the admin's differ. */
export interface ExpenseChange {
  /** What the edit leaves of the expense, checked by the shared rules (`expenseEditProblems`). */
  edited(current: LedgerExpense): EditedExpense;
  /** The expense's fields after the edit, once those rules passed. */
  after(
    current: LedgerExpense,
    project: ProjectView,
    edited: EditedExpense,
  ): Promise<ExpenseFields> | ExpenseFields;
}

/**
 * The shell the person's and the admin's edit commands share. Each finds the expense and checks
 * the caller its own way; `correct` then checks the old ledger's rules, the project (an admin must
 * see it too) and the expense rules, and makes the edit (`editExpense`).
 */
// Injectable so its constructor's parameter types are recorded; the handlers inherit them.
@Injectable()
export abstract class ExpenseEditHandler<
  C extends PortalCommand<{ position: LogPosition | null }>,
> extends PortalCommandHandler<C> {
  constructor(
    protected readonly access: LedgerAccess,
    private readonly ledger: LedgerRunner,
    protected readonly facts: ExpenseFacts,
    protected readonly locations: ExpenseLocations,
    private readonly calendar: BusinessCalendar,
  ) {
    super();
  }

  protected async correct(
    caller: Caller,
    person: ReviewedPerson,
    location: ExpenseLocation,
    request: { readonly expenseId: string; readonly version: number; readonly projectId: number },
    change: ExpenseChange,
    byAdmin: boolean,
  ): Promise<{ position: LogPosition | null }> {
    const { expenseId, version: expectedVersion, projectId } = request;
    const employeeId = person.staffId;
    const edit = { employeeId, expenseId, month: location.month, expectedVersion, byAdmin };
    // Checks the old ledger's rules (approved, locked, stale) before anything else; appends nothing.
    const projectNames = new Map([[location.projectId, location.projectName]]);
    const current = await currentExpense(this.ledger, { ...edit, projectNames });
    if (!current) throw DomainError.notFound(msg.expenseNotFound);

    // An admin must see the project (a sightstream admin: owner 2 only); then the person's rules.
    if (byAdmin) await this.access.reviewedProject(caller, projectId);
    const project = await this.facts.project(person, projectId);
    const problems = await this.facts.projectProblems(employeeId, projectId, project);
    if (!project) throw DomainError.validation(problems);
    const edited = change.edited(current);
    const today = await this.calendar.dateFor(caller.context.now, person);
    ExpenseFacts.throwIfAny([
      ...expenseEditProblems(edited, current, { today, needReceipt: person.needReceipt }),
      ...problems,
    ]);

    const after = await change.after(current, project, edited);
    projectNames.set(project.projectId, project.name);
    return editExpense(this.ledger, { ...edit, after, projectNames }, current, caller.context);
  }
}
