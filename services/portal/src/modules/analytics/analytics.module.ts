import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { ExpensesModule } from '../expenses';
import { StaffModule } from '../staff';
import { TimesheetsModule } from '../timesheets';
import { AnalyticsController } from './analytics.controller';
import { EmbedAnalyticsReportHandler } from './queries/analytics-embed';
import { ErpScopes } from './queries/erp-scope';
import { GetErpFilterOptionsHandler, GetErpReportHandler } from './queries/erp-reports';
import { ExportErpReportHandler } from './exports/export-erp-report';

/**
 * Analytics: the six report pages' Power BI embeds (when configured per page) and the ERP pages'
 * built-in views, read from the timesheets and expenses read models through their queries. No
 * events of its own.
 */
@Module({
  imports: [CatalogModule, StaffModule, TimesheetsModule, ExpensesModule],
  controllers: [AnalyticsController],
  providers: [
    ErpScopes,
    GetErpReportHandler,
    GetErpFilterOptionsHandler,
    ExportErpReportHandler,
    EmbedAnalyticsReportHandler,
  ],
})
export class AnalyticsModule {}
