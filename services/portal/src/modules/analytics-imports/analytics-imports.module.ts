import { Module } from '@nestjs/common';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { AnalyticsImportsController } from './analytics-imports.controller';
import { ImportAzureCostHandler, ImportOffice365Handler } from './commands/import-export';
import { analyticsImportsProjection } from './projections/analytics-imports.projection';
import {
  ExportAzureCostHandler,
  ExportOffice365Handler,
  GetAzureCostHandler,
  GetOffice365Handler,
} from './queries/analytics-queries';
import { AnalyticsReadModel } from './queries/analytics-read-model';

/**
 * Analytics imports (issue 11): the Azure Cost Management and Microsoft 365 CSV exports an admin
 * uploads (streams `azure-cost-imports`, `office365-imports`), their figures and xlsx.
 */
@Module({
  controllers: [AnalyticsImportsController],
  providers: [
    AnalyticsReadModel,
    ImportAzureCostHandler,
    ImportOffice365Handler,
    GetAzureCostHandler,
    ExportAzureCostHandler,
    GetOffice365Handler,
    ExportOffice365Handler,
  ],
})
export class AnalyticsImportsModule {
  constructor(registry: ContextRegistry) {
    registry.projection(analyticsImportsProjection);
  }
}
