import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Clock } from '../platform/clock/clock';
import type { PortalConfig } from '../platform/config/config';
import { PlatformModule } from '../platform/platform.module';
import { AuthModule } from '../platform/auth/auth.module';
import { HttpEdgeModule } from '../platform/http/http.module';
import { ObservabilityModule } from '../platform/observability/observability.module';
import { HolidaysModule } from '../modules/holidays';
import { CatalogModule } from '../modules/catalog';
import { StaffModule } from '../modules/staff';
import { AccessModule } from '../modules/access';
import { RosterModule } from '../modules/roster';
import { TimesheetExportsModule, TimesheetsModule } from '../modules/timesheets';
import { PeriodsModule } from '../modules/periods';
import { BoardModule } from '../modules/board';
import { ExpenseExportsModule, ExpensesModule, ReceiptsModule } from '../modules/expenses';
import { SeedModule } from '../seed/seed.module';
import { ExchangeRatesModule } from '../modules/exchange-rates';
import { VehiclesModule } from '../modules/vehicles';
import { PlanningModule } from '../modules/planning';
import { AnalyticsModule } from '../modules/analytics';
import { HelpModule } from '../modules/help';
import { HiringModule } from '../modules/hiring';
import { LeaveModule } from '../modules/leave';
import { RemindersModule } from '../modules/reminders';
import { LogIntegrityModule } from '../modules/log-integrity';
import { AuditModule } from '../modules/audit';
import { AnalyticsImportsModule } from '../modules/analytics-imports';
import { DataImportsModule } from '../modules/data-imports';
import { SkillsModule } from '../modules/skills';

export interface AppModuleOptions {
  readonly clock?: Clock;
}

/** The portal: the platform, the HTTP edge, every context and the demo seed. Only lists modules. */
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
        // After the HTTP edge: its log context sees the command context.
        ObservabilityModule.forRoot(config),
        AuthModule,
        HolidaysModule,
        StaffModule,
        AccessModule,
        RosterModule,
        CatalogModule,
        ExchangeRatesModule,
        PeriodsModule,
        TimesheetsModule,
        TimesheetExportsModule,
        ReceiptsModule,
        ExpensesModule,
        ExpenseExportsModule,
        BoardModule,
        VehiclesModule,
        PlanningModule,
        HelpModule,
        HiringModule,
        LeaveModule,
        RemindersModule,
        LogIntegrityModule,
        AuditModule,
        AnalyticsImportsModule,
        DataImportsModule,
        SkillsModule,
        SeedModule,
        AnalyticsModule,
      ],
    };
  }
}
