import { Injectable } from '@nestjs/common';
import { ledgerStreamId, type LedgerPart, type LedgerStreamEvent, type PeriodState } from '@portal/contracts';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { loadState, runCommand } from '../../../platform/event-store/decider';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { ledgerDecider } from '../domain/ledger';

export interface LedgerOutcome<E> {
  readonly events: readonly E[];
  readonly position: LogPosition | null;
}

/**
 * The one way into the ledger stream `ledger-{employeeId}-{month}`: load it, fold the period
 * (locks, approvals) and the calling part (time or expenses), decide, append at the revision
 * loaded (decided again on fresh state after a lost race; see platform/event-store/decider.ts).
 */
@Injectable()
export class LedgerRunner {
  constructor(private readonly store: EventStore) {}

  async run<S, C, E extends LedgerStreamEvent>(
    employeeId: number,
    month: string,
    part: LedgerPart<S, C, E>,
    command: C,
    context: CommandContext,
  ): Promise<LedgerOutcome<E>> {
    const outcome = await runCommand(
      this.store,
      ledgerStreamId(employeeId, month),
      ledgerDecider(part),
      command,
      context,
    );
    // decide returns only the part's events (E); the decider's event type is the whole stream's.
    return { events: outcome.events as readonly E[], position: outcome.position };
  }

  /**
   * Decides without appending: a command that writes to two months checks every rule of both
   * before the first append, so one refused month never leaves the other half written.
   */
  async dryRun<S, C, E extends LedgerStreamEvent>(
    employeeId: number,
    month: string,
    part: LedgerPart<S, C, E>,
    command: C,
  ): Promise<{ events: readonly E[]; state: S; period: PeriodState }> {
    const decider = ledgerDecider(part);
    const { state } = await loadState(this.store, ledgerStreamId(employeeId, month), decider);
    return {
      events: part.decide(command, state.part, state.period),
      state: state.part,
      period: state.period,
    };
  }
}

/** The later of two positions (null counts as nothing appended). */
export function laterPosition(a: LogPosition | null, b: LogPosition | null): LogPosition | null {
  if (!a) return b;
  if (!b) return a;
  if (a.commit !== b.commit) return a.commit > b.commit ? a : b;
  return a.prepare >= b.prepare ? a : b;
}
