import {
  expenseMessages as msg,
  type ExpenseClaimedData,
  type ExpenseFields,
  type ExpenseStreamEvent,
  type LedgerPart,
  type LedgerStreamEvent,
  type PeriodState,
} from '@portal/contracts';
import {
  changeableRow,
  correctableRow,
  rowsToRecord,
  withCorrectedRow,
  withoutRow,
  withRow,
  type AdminChange,
  type LedgerRows,
  type ProjectNames,
  type RowChange,
} from '../../../kernel/ledger-rows';

/**
 * The expense part of the ledger `ledger-{employeeId}-{yyyy-mm}`: one person's expenses of one
 * month. The periods context owns the stream and folds the period (verified projects, approved
 * expenses); this part folds only the expenses, reads locks and approvals from the PeriodState it
 * is handed, and decides only expense events. The timesheets part shares the stream; every part
 * appends with optimistic concurrency on it, so a lock covers time and expenses alike.
 */
export type ExpenseLedgerEvent = ExpenseStreamEvent;

export interface LedgerExpense extends ExpenseFields {
  readonly expenseId: string;
  readonly employeeId: number;
  readonly version: number;
}

export interface ExpenseLedgerState {
  readonly expenses: ReadonlyMap<string, LedgerExpense>;
}

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
  } & AdminChange;
};

export type CorrectExpense = {
  readonly type: 'CorrectExpense';
  readonly data: {
    readonly employeeId: number;
    readonly expenseId: string;
    readonly expectedVersion: number;
    readonly after: ExpenseFields;
    readonly projectNames: ProjectNames;
  } & AdminChange;
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
  } & AdminChange;
};

export type ExpenseLedgerCommand = ClaimExpenses | CorrectExpense | WithdrawExpense;

export function initialExpenseLedgerState(): ExpenseLedgerState {
  return { expenses: new Map() };
}

/** Folds the expense events of the stream; timesheet and period events change nothing here. */
export function evolveExpenseLedger(state: ExpenseLedgerState, event: LedgerStreamEvent): ExpenseLedgerState {
  switch (event.type) {
    case 'ExpenseClaimed': {
      const { expenseId, employeeId, version, movedFrom: _movedFrom, ...fields } = event.data;
      const expense = { ...fieldsOf(fields), expenseId, employeeId, version: version ?? 1 };
      return { expenses: withRow(state.expenses, expenseId, expense) };
    }
    case 'ExpenseCorrected': {
      const { expenseId, after, version } = event.data;
      return { expenses: withCorrectedRow(state.expenses, expenseId, fieldsOf(after), version) };
    }
    case 'ExpenseWithdrawn':
      return { expenses: withoutRow(state.expenses, event.data.expenseId) };
    default:
      return state;
  }
}

export function decideExpenseLedger(
  command: ExpenseLedgerCommand,
  state: ExpenseLedgerState,
  period: PeriodState,
): ExpenseLedgerEvent[] {
  switch (command.type) {
    case 'ClaimExpenses':
      return claim(command, state, period);
    case 'CorrectExpense':
      return correct(command, state, period);
    case 'WithdrawExpense':
      return withdraw(command, state, period);
    default:
      throw new Error(`Unexpected expense command: ${JSON.stringify(command)}`);
  }
}

/** The expense part as the periods context's LedgerRunner runs it. */
export const expenseLedgerPart: LedgerPart<ExpenseLedgerState, ExpenseLedgerCommand, ExpenseLedgerEvent> = {
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

/** Expenses, to the rules every part of the ledger applies to its rows (locks, approval, versions). */
const expenseRows: LedgerRows = {
  kind: 'expenses',
  noun: 'Expense',
  approvedIds: (period) => period.approvedExpenseIds,
  messages: {
    notEditable: msg.notEditable,
    notFound: msg.expenseNotFound,
    approved: msg.approvedExpense,
    staleVersion: msg.staleVersion,
  },
};

/** The expense a correction or withdrawal targets: the person's, unlocked, unapproved, current. */
function changeableExpense(
  state: ExpenseLedgerState,
  period: PeriodState,
  data: { readonly expenseId: string } & RowChange,
): LedgerExpense {
  return changeableRow(expenseRows, period, data.expenseId, state.expenses.get(data.expenseId), data);
}

function claim(command: ClaimExpenses, state: ExpenseLedgerState, period: PeriodState): ExpenseLedgerEvent[] {
  const { employeeId, expenses } = command.data;
  const recorded = { idOf: (expense: ExpenseToClaim) => expense.expenseId, rows: state.expenses };
  return rowsToRecord(expenseRows, period, command.data, expenses, recorded, sameExpenseFields).map(
    (expense) => ({
      type: 'ExpenseClaimed',
      data: {
        expenseId: expense.expenseId,
        employeeId,
        ...fieldsOf(expense.fields),
        version: expense.version,
        movedFrom: expense.movedFrom,
      },
    }),
  );
}

function correct(
  command: CorrectExpense,
  state: ExpenseLedgerState,
  period: PeriodState,
): ExpenseLedgerEvent[] {
  const { expenseId, after } = command.data;
  const expense = correctableRow(expenseRows, period, expenseId, state.expenses.get(expenseId), command.data);
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

function withdraw(
  command: WithdrawExpense,
  state: ExpenseLedgerState,
  period: PeriodState,
): ExpenseLedgerEvent[] {
  const expense = changeableExpense(state, period, command.data);
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
