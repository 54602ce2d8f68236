/** What a decider emits: a type and a payload. The store adds id, metadata, revision, position. */
export interface DomainEvent<T extends string = string, D = unknown> {
  readonly type: T;
  readonly data: D;
  /** The payload's shape version recorded in the metadata (1 when absent). */
  readonly schemaVersion?: number;
}

/**
 * An aggregate as plain functions: given past events and a command, which new events. Pure: no
 * I/O, no clock (a command carries "today" when a rule needs it).
 */
export interface Decider<S, C, E extends DomainEvent> {
  initialState(): S;
  evolve(state: S, event: E): S;
  /**
   * Optional: folds many events at once, equal to `events.reduce(evolve, state)`. For a state
   * costly to copy (the roster's one Map), so a load copies it once, not once per event.
   */
  evolveAll?(state: S, events: readonly E[]): S;
  /** May throw DomainError (validation, forbidden, locked, ...): it reaches the caller unchanged. */
  decide(command: C, state: S): readonly E[];
}
