import type { Projection, Reactor } from '../platform/projection/projection';

/** Every read model the projector keeps, and every reactor the projector runs. */
export const projections: readonly Projection[] = [];

export const reactors: readonly Reactor[] = [];
