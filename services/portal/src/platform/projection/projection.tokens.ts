/** Nest tokens of the projections and reactors the projector runs (values from app/read-models.ts). */
export const PROJECTIONS = Symbol('PROJECTIONS');
export const REACTORS = Symbol('REACTORS');
