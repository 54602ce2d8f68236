export { HistoryButton, type HistoryButtonProps } from './history-button';
export { AuditChanges, auditChangesText, auditWhen } from './audit-changes';
