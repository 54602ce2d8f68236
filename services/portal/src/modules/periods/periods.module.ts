import { Module } from '@nestjs/common';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { CatalogModule } from '../catalog';
import { RosterModule } from '../roster';
import { LedgerAccess } from './commands/ledger-access';
import { LedgerRunner } from './commands/ledger-runner';
import { VerifyPeriodHandler } from './commands/verify-period';
import { PeriodsController } from './periods.controller';
import { periodsProjection } from './projections/periods.projection';
import { CheckLedgerLockHandler } from './queries/check-ledger-lock';

/**
 * Periods: the ledger stream `ledger-{employee}-{month}` that time and expenses share, its period
 * state (verified locks, approvals), the runner every ledger command goes through, the access
 * check every ledger command makes, verification, and the locks read model. Approval lands here.
 */
@Module({
  imports: [CatalogModule, RosterModule],
  controllers: [PeriodsController],
  providers: [LedgerRunner, LedgerAccess, VerifyPeriodHandler, CheckLedgerLockHandler],
  exports: [LedgerRunner, LedgerAccess],
})
export class PeriodsModule {
  constructor(registry: ContextRegistry) {
    registry.projection(periodsProjection);
  }
}
