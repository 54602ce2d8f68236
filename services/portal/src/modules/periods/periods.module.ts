import { Module } from '@nestjs/common';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { CatalogModule } from '../catalog';
import { RosterModule } from '../roster';
import { LedgerAccess } from './commands/ledger-access';
import { LedgerRunner } from './commands/ledger-runner';
import { ReviewLedgers } from './commands/review-ledgers';
import { ApprovePeriodHandler, ReturnPeriodHandler } from './commands/review-period';
import { AdminReviewController } from './admin-review.controller';
import { VerifyBillingPeriodHandler, VerifyPeriodHandler } from './commands/verify-period';
import { PeriodsController } from './periods.controller';
import { periodsProjection } from './projections/periods.projection';
import { CheckLedgerLockHandler } from './queries/check-ledger-lock';
import { ListVerifiedPeriodsHandler } from './queries/list-verified-periods';
import { REVIEW_EMAIL_JOB, reviewEmailReactor } from './reactions/review-email';
import { ReviewEmailProcessor } from './reactions/review-email.processor';

/**
 * Periods: the ledger stream `ledger-{employee}-{month}` that time and expenses share, its period
 * state (verified locks per kind, approvals), the runner every ledger command goes through, the
 * access check every ledger command makes, verification, the admin's approve and return (with
 * their e-mails), and the locks read model.
 */
@Module({
  imports: [CatalogModule, RosterModule],
  controllers: [PeriodsController, AdminReviewController],
  providers: [
    LedgerRunner,
    LedgerAccess,
    ReviewLedgers,
    VerifyPeriodHandler,
    VerifyBillingPeriodHandler,
    ApprovePeriodHandler,
    ReturnPeriodHandler,
    CheckLedgerLockHandler,
    ListVerifiedPeriodsHandler,
    ReviewEmailProcessor,
  ],
  exports: [LedgerRunner, LedgerAccess, ReviewLedgers],
})
export class PeriodsModule {
  constructor(registry: ContextRegistry) {
    registry.projection(periodsProjection).reactor(reviewEmailReactor).job(REVIEW_EMAIL_JOB);
  }
}
