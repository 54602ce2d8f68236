import { Module } from '@nestjs/common';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { AuditController } from './audit.controller';
import { auditProjection } from './projections/audit.projection';
import { AuditHistoryHandler, ExportAuditHandler, SearchAuditHandler } from './queries/audit-queries';
import { AuditReadModel } from './queries/audit-read-model';
import { GetAuditFiltersHandler } from './queries/audit-filters';

/**
 * The audit: every event of the log as rows of who, when, on whose behalf, which entity and
 * before -> after (projection `audit`), searched, shown per entity and exported.
 */
@Module({
  controllers: [AuditController],
  providers: [
    AuditReadModel,
    SearchAuditHandler,
    AuditHistoryHandler,
    ExportAuditHandler,
    GetAuditFiltersHandler,
  ],
})
export class AuditModule {
  constructor(registry: ContextRegistry) {
    registry.projection(auditProjection);
  }
}
