export { AuditVerifyPage } from './audit-verify-page';
