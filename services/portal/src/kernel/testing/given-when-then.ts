import type { Decider, DomainEvent } from '../decider';
import { DomainError } from '../domain-error';

/**
 * What a command decided on a given history: the events, or the rule it broke. Reading `events`
 * of a refused command throws the DomainError, so a spec expecting "no change" cannot pass on a
 * refusal by mistake.
 */
export class Decision<E> {
  constructor(
    private readonly decided: readonly E[],
    readonly error: DomainError | null,
  ) {}

  get events(): readonly E[] {
    if (this.error) throw this.error;
    return this.decided;
  }
}

/**
 * The one given / when / then helper for every context's deciders, with no database:
 * `given(decider, pastEvents).when(command)` folds the history with `evolve`, decides, and answers
 * a Decision; `broken(decision)` answers the rule it broke and fails the spec when none was.
 */
export function given<S, C, E extends DomainEvent, H = E>(
  decider: Pick<Decider<S, C, E>, 'initialState' | 'decide'> & { evolve(state: S, event: H): S },
  history: readonly H[] = [],
) {
  const state = history.reduce((s, e) => decider.evolve(s, e), decider.initialState());
  return {
    state,
    when(command: C): Decision<E> {
      try {
        return new Decision<E>(decider.decide(command, state), null);
      } catch (error) {
        if (error instanceof DomainError) return new Decision<E>([], error);
        throw error;
      }
    },
  };
}

/** The rule a refused command broke; throws when the command was accepted. */
export function broken<E>(decision: Decision<E>): DomainError {
  if (!decision.error) throw new Error('Expected the command to be refused, but it was accepted.');
  return decision.error;
}
