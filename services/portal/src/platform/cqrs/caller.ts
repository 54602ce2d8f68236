import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { PortalRequest } from '../auth/decorators';
import type { Principal } from '../auth/principal';
import type { CommandContext } from '../event-store/command-context';

/**
 * Who sends a command or asks a query, and under which command id, correlation and causation: it
 * rides on every command and query once, so handlers never take the person as a separate argument,
 * and every event the command appends carries the same metadata.
 */
export interface Caller {
  readonly principal: Principal;
  readonly context: CommandContext;
}

/** The portal itself (demo seed, reactions): an admin of every owner that may edit the roster. */
export const SYSTEM_PRINCIPAL: Principal = {
  staffId: 0,
  name: 'System',
  username: 'system@portal',
  isAdmin: true,
  userType: 'default',
  canEditRoster: true,
  needReceipt: false,
};

export function systemCaller(context: CommandContext): Caller {
  return { principal: { ...SYSTEM_PRINCIPAL, name: context.actor.name }, context };
}

/** The request's signed-in person and command context (set by the AuthGuard and the CommandContextInterceptor). */
export function callerOf(request: PortalRequest): Caller {
  if (!request.principal || !request.commandContext)
    throw new Error('CurrentCaller used on an endpoint without the AuthGuard and CommandContextInterceptor');
  return { principal: request.principal, context: request.commandContext };
}

/** The signed-in person and the request's command context; set by the AuthGuard and the CommandContextInterceptor. */
export const CurrentCaller = createParamDecorator((_: unknown, context: ExecutionContext): Caller =>
  callerOf(context.switchToHttp().getRequest<PortalRequest>()),
);
