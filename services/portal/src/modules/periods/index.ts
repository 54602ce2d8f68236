/** The periods context's public entry: the only file other code may import. */
export { PeriodsModule } from './periods.module';
export { LedgerRunner, laterPosition, type LedgerOutcome } from './commands/ledger-runner';
export {
  LedgerAccess,
  type LedgerPerson,
  type ProjectAccess,
  type ReviewedPerson,
} from './commands/ledger-access';
export { VerifyPeriod } from './commands/verify-period';
export { CheckLedgerLock } from './queries/check-ledger-lock';
export { ListVerifiedPeriods, type VerifiedPeriodLock } from './queries/list-verified-periods';
export { recordedLedgerEvent, type RecordedLedgerEvent } from './projections/periods.projection';
export { ledgerDecider, type LedgerState } from './domain/ledger';
export { ApprovePeriod, ReturnPeriod } from './commands/review-period';
export { ReviewLedgers, type ReviewOutcome } from './commands/review-ledgers';
export { reviewPart, type ReviewDecision } from './domain/review';
export { LedgerMailProcessor } from './reactions/ledger-mail-processor';
