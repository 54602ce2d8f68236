import { Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { EventStore } from '../platform/event-store/event-store.port';
import { ProjectionProgress, readModelsReachHead } from '../platform/projection/projection';
import { InjectConfig } from '../platform/config/config.provider';
import type { PortalConfig } from '../platform/config/config';
import { CatalogModule } from '../modules/catalog';
import { ExpensesModule } from '../modules/expenses';
import { TimesheetsModule } from '../modules/timesheets';
import { LeaveModule } from '../modules/leave';
import { VehiclesModule } from '../modules/vehicles';
import { DemoSeeder, DemoSeedRegistry } from './demo-seed';
import { ExpenseHistorySeedStep } from './expense-history';
import { LeaveCalendarSeedStep } from './leave-calendar';
import { PlannedHoursSeedStep } from './planned-hours';
import { TimesheetHistorySeedStep } from './timesheet-history';
import { VehicleFleetSeedStep } from './vehicle-fleet';

const SEEDED_READ_MODELS_WAIT_MS = 120_000;

/**
 * Seeds the demo organisation at start when `config.seedDemo` is on (the embedded default) and
 * the log has no owner yet. The seed registers every step itself (contexts know nothing of it):
 * the organisation, then the timesheet history, the expense history, the planned hours, then the leave coming up. It sends commands and
 * reads streams; the timesheet history step waits (bounded) until the read models show the demo
 * organisation, since its commands check them as a person's would. Not global, so its start-up hook runs after
 * the CQRS module has registered the handlers it sends to.
 */
@Module({
  imports: [CatalogModule, TimesheetsModule, ExpensesModule, VehiclesModule, LeaveModule],
  providers: [
    DemoSeedRegistry,
    DemoSeeder,
    TimesheetHistorySeedStep,
    ExpenseHistorySeedStep,
    VehicleFleetSeedStep,
    PlannedHoursSeedStep,
    LeaveCalendarSeedStep,
  ],
  exports: [DemoSeeder],
})
export class SeedModule implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    @InjectConfig() private readonly config: PortalConfig,
    private readonly seeder: DemoSeeder,
    private readonly store: EventStore,
    private readonly progress: ProjectionProgress,
    registry: DemoSeedRegistry,
    timesheets: TimesheetHistorySeedStep,
    expenses: ExpenseHistorySeedStep,
    vehicles: VehicleFleetSeedStep,
    plannedHours: PlannedHoursSeedStep,
    leave: LeaveCalendarSeedStep,
  ) {
    registry.register(timesheets);
    registry.register(expenses);
    registry.register(vehicles);
    registry.register(plannedHours);
    registry.register(leave);
  }

  /**
   * After a seed, the portal answers once every read model shows all of it (each projection past
   * its first build): read-your-writes does not wait for a projection still being built, so a
   * first write must not meet one.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo || (await this.seeder.seedIfEmpty()) !== 'seeded') return;
    if (!(await readModelsReachHead(this.store, this.progress, SEEDED_READ_MODELS_WAIT_MS))) {
      this.logger.warn(
        `The read models did not show the whole demo seed within ${SEEDED_READ_MODELS_WAIT_MS} ms`,
      );
    }
  }
}
