/** The audit context's public entry: the only file other code may import. */
export { AuditModule } from './audit.module';
export {
  SearchAuditQuery,
  AuditHistoryQueryMessage,
  ExportAuditQuery,
  AUDIT_PERMISSION,
} from './queries/audit-queries';
export { auditProjection, AUDIT_READ_MODEL, applyAuditBatch } from './projections/audit.projection';
