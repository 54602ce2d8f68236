import { applyDecorators } from '@nestjs/common';
import type { Permission } from '../../../platform/cqrs';
import { AdminOnly, AuditorsMayRead } from '../../../platform/auth/decorators';

/**
 * Who may check the log's hash chains, in one place: the query's @Requires and the controller's
 * guard both read it. Admins and auditors (issue 11); the check is a GET, so auditors pass.
 */
export const VERIFY_LOG_PERMISSION: Permission = 'admin-or-auditor';
export const VerifyLogAccess = (): MethodDecorator & ClassDecorator =>
  applyDecorators(AdminOnly(), AuditorsMayRead());
