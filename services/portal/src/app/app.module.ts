import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Clock } from '../platform/clock/clock';
import type { PortalConfig } from '../platform/config/config';
import { PlatformModule } from '../platform/platform.module';
import { AuthModule } from '../platform/auth/auth.module';
import { HttpEdgeModule } from '../platform/http/http.module';
import { HolidaysModule } from '../modules/holidays/holidays.module';
import { CatalogModule } from '../modules/catalog/catalog.module';
import { StaffModule } from '../modules/staff/staff.module';
import { RosterModule } from '../modules/roster/roster.module';
import { SeedModule } from '../seed/seed.module';
import { TimesheetsModule } from '../modules/timesheets';
import { PeriodsModule } from '../modules/periods';
import { ReceiptsModule } from '../modules/expenses/receipts/receipts.module';
import { ExpensesModule } from '../modules/expenses/expenses.module';
import { ExpenseExportsModule } from '../modules/expenses/exports/expense-exports.module';

export interface AppModuleOptions {
  readonly clock?: Clock;
}

@Module({})
export class AppModule {
  static forRoot(config: PortalConfig, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        // First of the global modules: its projector and worker start before the demo seed runs.
        PlatformModule.forRoot(config, { clock: options.clock }),
        HttpEdgeModule,
        AuthModule,
        HolidaysModule,
        StaffModule,
        RosterModule,
        CatalogModule,
        PeriodsModule,
        TimesheetsModule,
        ReceiptsModule,
        ExpensesModule,
        ExpenseExportsModule,
        SeedModule,
      ],
    };
  }
}
