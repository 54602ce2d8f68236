/** Nest tokens of the projections and reactors the projector runs (the live lists of the ContextRegistry). */
export const PROJECTIONS = Symbol('PROJECTIONS');
export const REACTORS = Symbol('REACTORS');
