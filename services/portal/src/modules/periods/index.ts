/** The periods context's public entry: the only file other code may import. */
export { PeriodsModule } from './periods.module';
export { LedgerRunner, laterPosition, type LedgerOutcome } from './commands/ledger-runner';
