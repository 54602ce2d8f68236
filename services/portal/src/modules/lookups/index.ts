/** Name tables the timesheets and expenses read models share: the only file other code may import. */
export * from './name-lookups';
export * from './ledger-state-sql';
export * from './review-rows';
export * from './project-records';
export * from './ledger-rows';
