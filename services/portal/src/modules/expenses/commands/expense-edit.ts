import {
  expenseClaimProblems,
  expenseTypeProblems,
  monthOf,
  type BusinessDate,
  type ExpenseFields,
  type ExpenseProblem,
} from '@portal/contracts';
import type { CommandContext } from '../../../platform/event-store/command-context';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import type { ProjectNames } from '../../../kernel/ledger-rows';
import { laterPosition, type LedgerRunner } from '../../periods';
import { expenseLedgerPart, type ExpenseLedgerCommand, type LedgerExpense } from '../domain/expense-ledger';

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

/**
 * The shared expense rules an edit must pass (per type, the date window, the receipt), for the
 * new category, amounts and date of an expense whose receipt stays `current`'s.
 */
export function expenseEditProblems(
  edited: {
    categoryId: number;
    activityDate: BusinessDate | null;
    totalAmount: string | null;
    amount: string;
    date: BusinessDate;
  },
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
