import type { CommandContext } from '../../../platform/event-store/command-context';
import { loadState, runCommand } from '../../../platform/event-store/decider';
import type { EventStore, LogPosition } from '../../../platform/event-store/event-store.port';
import { DomainError } from '../../../platform/http/domain-error';
import {
  decideLedger,
  ledgerDecider,
  ledgerStreamId,
  type LedgerCommand,
  type LedgerEvent,
  type LedgerState,
} from '../domain/ledger';
import { LedgerRuleBroken } from '../domain/ledger-rule-broken';

/** A broken ledger rule becomes the DomainError the HTTP edge answers (400/404/409/423). */
export function toDomainError(error: unknown): unknown {
  if (error instanceof LedgerRuleBroken) return new DomainError(error.code, error.message, error.problems);
  return error;
}

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
  try {
    const outcome = await runCommand(
      store,
      ledgerStreamId(employeeId, month),
      ledgerDecider,
      command,
      context,
    );
    // decide returns only time events; E is widened because evolve also folds expense events.
    return { events: outcome.events as LedgerEvent[], position: outcome.position };
  } catch (error) {
    throw toDomainError(error);
  }
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
  try {
    return { events: decideLedger(command, state), state };
  } catch (error) {
    throw toDomainError(error);
  }
}

/** The later of two positions (null counts as nothing appended). */
export function laterPosition(a: LogPosition | null, b: LogPosition | null): LogPosition | null {
  if (!a) return b;
  if (!b) return a;
  if (a.commit !== b.commit) return a.commit > b.commit ? a : b;
  return a.prepare >= b.prepare ? a : b;
}
