import type { Permission } from '../../platform/cqrs';
import { AdminOnly } from '../../platform/auth/decorators';

/**
 * Who may check the log's hash chains, in one place: the query's @Requires and the controller's
 * guard both read it. Admins for now; the Auditor role (issue 11) widens both here.
 */
export const VERIFY_LOG_PERMISSION: Permission = 'admin';
export const VerifyLogAccess = AdminOnly;
