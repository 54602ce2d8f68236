import type { CommandContext } from '../../../platform/event-store/command-context';
import { loadState, runCommand } from '../../../platform/event-store/decider';
import type { EventStore, LogPosition } from '../../../platform/event-store/event-store.port';
import { ledgerStreamId } from '@portal/contracts';
import {
  decideExpenseLedger,
  expenseLedgerDecider,
  type ExpenseLedgerCommand,
  type ExpenseLedgerEvent,
  type ExpenseLedgerState,
} from '../domain/expense-ledger';

export interface ExpenseOutcome {
  readonly events: readonly ExpenseLedgerEvent[];
  readonly position: LogPosition | null;
}

/** Load `ledger-{employeeId}-{month}`, decide the expense command, append (409 after one retry). */
export async function runExpenseCommand(
  store: EventStore,
  employeeId: number,
  month: string,
  command: ExpenseLedgerCommand,
  context: CommandContext,
): Promise<ExpenseOutcome> {
  const outcome = await runCommand(
    store,
    ledgerStreamId(employeeId, month),
    expenseLedgerDecider,
    command,
    context,
  );
  return { events: outcome.events as ExpenseLedgerEvent[], position: outcome.position };
}

/** Decides without appending, so a command writing to two ledgers finds every broken rule first. */
export async function dryRunExpenseCommand(
  store: EventStore,
  employeeId: number,
  month: string,
  command: ExpenseLedgerCommand,
): Promise<{ events: ExpenseLedgerEvent[]; state: ExpenseLedgerState }> {
  const { state } = await loadState(store, ledgerStreamId(employeeId, month), expenseLedgerDecider);
  return { events: decideExpenseLedger(command, state), state };
}
