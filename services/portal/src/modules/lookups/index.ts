/**
 * Name tables the timesheets and expenses read models share: the only file other code may import.
 *
 * Lookups departs from the inner shape of a context (docs/architecture.md, "Inside a context"): it
 * has no stream, no commands, no controller and no module. It is code other contexts build on, not
 * a running part: `projections/` holds the lookup tables, the row tables' shared writers (ledger-rows) and the writers that each projection which
 * keeps them runs in its own schema (fed by catalog and staff events), `queries/` the row-state SQL
 * and the query classes that the timesheets, expenses, planning and roster contexts answer, so that
 * board and catalog ask them through the QueryBus without importing those contexts.
 */
export * from './projections/name-lookups';
export * from './projections/ledger-rows';
export * from './queries/ledger-state-sql';
export * from './queries/review-rows';
export * from './queries/project-records';
