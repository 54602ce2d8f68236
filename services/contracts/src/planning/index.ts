/** Planning contracts: planned hours per person, project and month, and plan against actual. */
export * from './cell-rules';
export * from './planned-hours';
export * from './plan-vs-actual';
