import {
  expenseMessages as msg,
  monthOf,
  type ExpenseClaimedData,
  type ExpenseCorrectedData,
  type ExpenseFields,
  type ExpensesApprovedData,
  type ExpenseWithdrawnData,
  type PeriodVerifiedData,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';

/**
 * The expense side of the ledger `ledger-{employeeId}-{yyyy-mm}`: one person's expenses of one
 * month, which of them are approved and which projects the person has verified (locked). The
 * timesheets context folds the same stream for time; each decider ignores the other's events,
 * and both append with optimistic concurrency on the stream, so a lock covers both.
 */
export type ExpenseLedgerEvent =
  | { readonly type: 'ExpenseClaimed'; readonly data: ExpenseClaimedData }
  | { readonly type: 'ExpenseCorrected'; readonly data: ExpenseCorrectedData }
  | { readonly type: 'ExpenseWithdrawn'; readonly data: ExpenseWithdrawnData }
  | { readonly type: 'ExpensesApproved'; readonly data: ExpensesApprovedData }
  | { readonly type: 'PeriodVerified'; readonly data: PeriodVerifiedData };

/** Anything else on the stream (timesheet events): folded as "no change". */
type OtherEvent = { readonly type: string; readonly data: unknown };

export interface LedgerExpense extends ExpenseFields {
  readonly expenseId: string;
  readonly employeeId: number;
  readonly version: number;
}

export interface ExpenseLedgerState {
  readonly expenses: ReadonlyMap<string, LedgerExpense>;
  readonly lockedProjectIds: ReadonlySet<number>;
  readonly approvedExpenseIds: ReadonlySet<string>;
}

/** Names for '{project} is not editable'; the handler supplies them. */
export type ProjectNames = ReadonlyMap<number, string>;

export interface ExpenseToClaim {
  readonly expenseId: string;
  readonly fields: ExpenseFields;
  /** 1 for a new expense; the moved expense's next version otherwise. */
  readonly version: number;
  readonly movedFrom: ExpenseClaimedData['movedFrom'];
}

export type ClaimExpenses = {
  readonly type: 'ClaimExpenses';
  readonly data: {
    readonly employeeId: number;
    readonly month: string;
    readonly expenses: readonly ExpenseToClaim[];
    readonly projectNames: ProjectNames;
  };
};

export type CorrectExpense = {
  readonly type: 'CorrectExpense';
  readonly data: {
    readonly employeeId: number;
    readonly expenseId: string;
    readonly expectedVersion: number;
    readonly after: ExpenseFields;
    readonly projectNames: ProjectNames;
  };
};

export type WithdrawExpense = {
  readonly type: 'WithdrawExpense';
  readonly data: {
    readonly employeeId: number;
    readonly expenseId: string;
    readonly expectedVersion: number;
    readonly projectNames: ProjectNames;
    /** The month the expense moves to, when this withdrawal is half of a move. */
    readonly movedTo: string | null;
  };
};

export type ExpenseLedgerCommand = ClaimExpenses | CorrectExpense | WithdrawExpense;

export function initialExpenseLedgerState(): ExpenseLedgerState {
  return { expenses: new Map(), lockedProjectIds: new Set(), approvedExpenseIds: new Set() };
}

export function evolveExpenseLedger(
  state: ExpenseLedgerState,
  event: ExpenseLedgerEvent | OtherEvent,
): ExpenseLedgerState {
  const known = event as ExpenseLedgerEvent;
  switch (known.type) {
    case 'ExpenseClaimed': {
      const { expenseId, employeeId, version, movedFrom: _movedFrom, ...fields } = known.data;
      const expenses = new Map(state.expenses);
      expenses.set(expenseId, { ...fieldsOf(fields), expenseId, employeeId, version: version ?? 1 });
      return { ...state, expenses };
    }
    case 'ExpenseCorrected': {
      const current = state.expenses.get(known.data.expenseId);
      if (!current) return state;
      const expenses = new Map(state.expenses);
      expenses.set(current.expenseId, {
        ...current,
        ...fieldsOf(known.data.after),
        version: known.data.version,
      });
      return { ...state, expenses };
    }
    case 'ExpenseWithdrawn': {
      const expenses = new Map(state.expenses);
      expenses.delete(known.data.expenseId);
      return { ...state, expenses };
    }
    case 'ExpensesApproved':
      return {
        ...state,
        approvedExpenseIds: new Set([...state.approvedExpenseIds, ...known.data.expenseIds]),
      };
    case 'PeriodVerified':
      return { ...state, lockedProjectIds: new Set([...state.lockedProjectIds, known.data.projectId]) };
    default:
      return state;
  }
}

export function decideExpenseLedger(
  command: ExpenseLedgerCommand,
  state: ExpenseLedgerState,
): ExpenseLedgerEvent[] {
  switch (command.type) {
    case 'ClaimExpenses':
      return claim(command, state);
    case 'CorrectExpense':
      return correct(command, state);
    case 'WithdrawExpense':
      return withdraw(command, state);
    default:
      throw new Error(`Unexpected expense command: ${JSON.stringify(command)}`);
  }
}

/** The decider as the platform's runner wants it. */
export const expenseLedgerDecider = {
  initialState: initialExpenseLedgerState,
  evolve: evolveExpenseLedger,
  decide: decideExpenseLedger,
};

/** Only the ExpenseFields of a payload, in a fixed order (comparisons and snapshots). */
export function fieldsOf(source: ExpenseFields): ExpenseFields {
  return {
    projectId: source.projectId,
    categoryId: source.categoryId,
    date: source.date,
    activityDate: source.activityDate,
    currency: source.currency,
    amount: source.amount,
    totalAmount: source.totalAmount,
    rate: source.rate,
    projectCurrency: source.projectCurrency,
    claimed: source.claimed,
    isBillable: source.isBillable,
    comment: source.comment,
    receiptId: source.receiptId,
    groupId: source.groupId,
  };
}

export function sameExpenseFields(a: ExpenseFields, b: ExpenseFields): boolean {
  return JSON.stringify(fieldsOf(a)) === JSON.stringify(fieldsOf(b));
}

function nameOf(projectNames: ProjectNames, projectId: number): string {
  return projectNames.get(projectId) ?? `Project ${projectId}`;
}

function assertUnlocked(state: ExpenseLedgerState, projectId: number, projectNames: ProjectNames): void {
  if (state.lockedProjectIds.has(projectId)) {
    throw new DomainError('locked', msg.notEditable(nameOf(projectNames, projectId)));
  }
}

/** The expense a correction or withdrawal targets: the person's, unlocked, unapproved, current. */
function changeableExpense(
  state: ExpenseLedgerState,
  data: { employeeId: number; expenseId: string; expectedVersion: number; projectNames: ProjectNames },
): LedgerExpense {
  const expense = state.expenses.get(data.expenseId);
  if (!expense || expense.employeeId !== data.employeeId) {
    throw new DomainError('not_found', msg.expenseNotFound);
  }
  assertUnlocked(state, expense.projectId, data.projectNames);
  if (state.approvedExpenseIds.has(expense.expenseId)) {
    throw new DomainError('validation', msg.approvedExpense, [{ path: 'id', message: msg.approvedExpense }]);
  }
  if (expense.version !== data.expectedVersion) throw new DomainError('conflict', msg.staleVersion);
  return expense;
}

function claim(command: ClaimExpenses, state: ExpenseLedgerState): ExpenseLedgerEvent[] {
  const { employeeId, month, expenses, projectNames } = command.data;
  const events: ExpenseLedgerEvent[] = [];
  for (const expense of expenses) {
    if (monthOf(expense.fields.date) !== month) {
      throw new Error(`Expense dated ${expense.fields.date} does not belong to the ledger of ${month}`);
    }
    assertUnlocked(state, expense.fields.projectId, projectNames);
    const existing = state.expenses.get(expense.expenseId);
    if (existing) {
      // A retried command (same command id, so the same expense ids) finds them already here.
      if (sameExpenseFields(existing, expense.fields)) continue;
      throw new DomainError('conflict', `Expense ${expense.expenseId} is already recorded.`);
    }
    events.push({
      type: 'ExpenseClaimed',
      data: {
        expenseId: expense.expenseId,
        employeeId,
        ...fieldsOf(expense.fields),
        version: expense.version,
        movedFrom: expense.movedFrom,
      },
    });
  }
  return events;
}

function correct(command: CorrectExpense, state: ExpenseLedgerState): ExpenseLedgerEvent[] {
  const { after, projectNames } = command.data;
  const expense = changeableExpense(state, command.data);
  if (monthOf(after.date) !== monthOf(expense.date)) {
    throw new Error('A correction stays in its month; a move is a withdrawal plus a claim');
  }
  assertUnlocked(state, after.projectId, projectNames);
  const before = fieldsOf(expense);
  if (sameExpenseFields(before, after)) return [];
  return [
    {
      type: 'ExpenseCorrected',
      data: {
        expenseId: expense.expenseId,
        employeeId: expense.employeeId,
        before,
        after: fieldsOf(after),
        version: expense.version + 1,
      },
    },
  ];
}

function withdraw(command: WithdrawExpense, state: ExpenseLedgerState): ExpenseLedgerEvent[] {
  const expense = changeableExpense(state, command.data);
  return [
    {
      type: 'ExpenseWithdrawn',
      data: {
        expenseId: expense.expenseId,
        employeeId: expense.employeeId,
        before: fieldsOf(expense),
        movedTo: command.data.movedTo,
      },
    },
  ];
}
