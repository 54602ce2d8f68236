import type { LedgerPart, LedgerStreamEvent } from '@portal/contracts';
import type { Decider } from '../../../kernel/decider';
import { evolvePeriod, initialPeriodState, type PeriodFold } from './period';

/** The ledger as one decider: the period's state beside one part's, both folded from the stream. */
export interface LedgerState<S> {
  readonly period: PeriodFold;
  readonly part: S;
}

export function ledgerDecider<S, C, E extends LedgerStreamEvent>(
  part: LedgerPart<S, C, E>,
): Decider<LedgerState<S>, C, LedgerStreamEvent> {
  return {
    initialState: () => ({ period: initialPeriodState(), part: part.initialState() }),
    evolve: (state, event) => ({
      period: evolvePeriod(state.period, event),
      part: part.evolve(state.part, event),
    }),
    decide: (command, state) => part.decide(command, state.part, state.period),
  };
}
