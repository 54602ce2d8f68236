import { Module } from '@nestjs/common';
import { LedgerRunner } from './commands/ledger-runner';

/**
 * Periods: the ledger stream `ledger-{employee}-{month}` that time and expenses share, its period
 * state (verified locks, approvals), the runner every ledger command goes through, and the locks
 * read model. Verification and approval land here.
 */
@Module({ providers: [LedgerRunner], exports: [LedgerRunner] })
export class PeriodsModule {}
