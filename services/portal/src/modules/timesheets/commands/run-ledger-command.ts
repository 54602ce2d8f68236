import type { CommandContext } from '../../../platform/event-store/command-context';
import { loadState, runCommand } from '../../../platform/event-store/decider';
import type { EventStore, LogPosition } from '../../../platform/event-store/event-store.port';
import {
  decideLedger,
  ledgerDecider,
  ledgerStreamId,
  type LedgerCommand,
  type LedgerEvent,
  type LedgerState,
} from '../domain/ledger';

export interface LedgerOutcome {
  readonly events: readonly LedgerEvent[];
  readonly position: LogPosition | null;
}

/** Load `ledger-{employeeId}-{month}`, decide, append (retry once on a concurrent append, then 409). */
export async function runLedgerCommand(
  store: EventStore,
  employeeId: number,
  month: string,
  command: LedgerCommand,
  context: CommandContext,
): Promise<LedgerOutcome> {
  const outcome = await runCommand(store, ledgerStreamId(employeeId, month), ledgerDecider, command, context);
  // decide returns only time events; E is widened because evolve also folds expense events.
  return { events: outcome.events as LedgerEvent[], position: outcome.position };
}

/**
 * Decides without appending: lets a command that writes to two ledgers find every broken rule
 * before the first append, so one refused month never leaves the other half written.
 */
export async function dryRunLedgerCommand(
  store: EventStore,
  employeeId: number,
  month: string,
  command: LedgerCommand,
): Promise<{ events: LedgerEvent[]; state: LedgerState }> {
  const { state } = await loadState(store, ledgerStreamId(employeeId, month), ledgerDecider);
  return { events: decideLedger(command, state), state };
}

/** The later of two positions (null counts as nothing appended). */
export function laterPosition(a: LogPosition | null, b: LogPosition | null): LogPosition | null {
  if (!a) return b;
  if (!b) return a;
  if (a.commit !== b.commit) return a.commit > b.commit ? a : b;
  return a.prepare >= b.prepare ? a : b;
}
