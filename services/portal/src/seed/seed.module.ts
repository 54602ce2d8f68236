import { Global, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConfig } from '../platform/config/config.provider';
import type { PortalConfig } from '../platform/config/config';
import { CatalogModule } from '../modules/catalog/catalog.module';
import { RosterModule } from '../modules/roster/roster.module';
import { StaffModule } from '../modules/staff/staff.module';
import { DemoSeeder, DemoSeedRegistry } from './demo-seed';
import { TimesheetHistorySeedStep } from './timesheet-history';

/**
 * Seeds the demo organisation at start when `config.seedDemo` is on (the embedded default) and
 * the log has no owner yet. Global so any context can register a DemoSeedStep with the registry.
 * It needs only the event store (never waits for projections).
 */
@Global()
@Module({
  imports: [CatalogModule, StaffModule, RosterModule],
  providers: [DemoSeedRegistry, DemoSeeder, TimesheetHistorySeedStep],
  exports: [DemoSeedRegistry],
})
export class SeedModule implements OnApplicationBootstrap {
  constructor(
    @InjectConfig() private readonly config: PortalConfig,
    private readonly seeder: DemoSeeder,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.seedDemo) await this.seeder.seedIfEmpty();
  }
}
