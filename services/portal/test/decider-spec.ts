import { RuleBroken } from '../src/modules/catalog/domain/rule-broken';

/** The pure part of a decider, as the given/when/then specs drive it. */
export interface PureDecider<S, C, E> {
  initialState(): S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S): E[];
}

/** Given these past events, when this command: a thunk that decides it (and may throw). */
export function given<S, C, E>(decider: PureDecider<S, C, E>, events: E[]) {
  const state = events.reduce(decider.evolve, decider.initialState());
  return { when: (command: C) => () => decider.decide(command, state) };
}

/** Runs `run` and answers the RuleBroken it throws; fails when it throws nothing or else. */
export function broken(run: () => unknown): RuleBroken {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleBroken) return error;
    throw error;
  }
  throw new Error('expected a broken rule');
}
