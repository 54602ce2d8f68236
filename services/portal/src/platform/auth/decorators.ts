import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { CommandContext } from '../event-store/command-context';
import type { PendingAccess } from './newcomers';
import type { Principal } from './principal';

/** Metadata keys read by the global AuthGuard (platform/auth/auth.guard.ts). */
export const IS_PUBLIC = 'portal:isPublic';
export const REQUIRES_ADMIN = 'portal:requiresAdmin';
export const REQUIRES_ROSTER = 'portal:requiresRoster';
export const AUDITORS_MAY_READ = 'portal:auditorsMayRead';
export const AUDITORS_MAY_CALL = 'portal:auditorsMayCall';
export const PENDING_MAY_CALL = 'portal:pendingMayCall';

/** Who may call a roster endpoint: readers are admins and roster editors; editors have canEditRoster. */
export type RosterAccess = 'reader' | 'editor';

/** The endpoint needs no sign-in. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
/** The endpoint needs a signed-in admin (403 otherwise). */
export const AdminOnly = (): MethodDecorator & ClassDecorator => SetMetadata(REQUIRES_ADMIN, true);
/**
 * The endpoint needs roster access (403 otherwise), checked by the guard before the input is read,
 * so a caller without it learns nothing from a 400. The bus checks it again on the command/query.
 */
export const RosterAccessOnly = (access: RosterAccess): MethodDecorator & ClassDecorator =>
  SetMetadata(REQUIRES_ROSTER, access);

/**
 * On an `@AdminOnly()` controller or endpoint: its GET (and HEAD) requests are open to auditors too
 * (issue 11), every other method stays admins-only. Pair it with `@Requires('admin-or-auditor')` on
 * the queries those GETs ask, which the bus checks again.
 */
export const AuditorsMayRead = (): MethodDecorator & ClassDecorator => SetMetadata(AUDITORS_MAY_READ, true);
/**
 * The one kind of non-GET request an auditor may still send (signing out): without it, the guard
 * refuses every POST, PUT, PATCH and DELETE of an auditor who is not an admin with 403.
 */
export const AuditorsMayCall = (): MethodDecorator & ClassDecorator => SetMetadata(AUDITORS_MAY_CALL, true);

/**
 * The two endpoints someone awaiting access may call (issue 25): "who am I", which answers their
 * pending state, and sign-out. Every other one answers them 403 `authMessages.accessPending`.
 */
export const PendingMayCall = (): MethodDecorator & ClassDecorator => SetMetadata(PENDING_MAY_CALL, true);

/** Requests that only read: the ones an auditor may send. */
export function isReadRequest(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** Whether the person has the roster access asked for (auditors read the roster, issue 11). */
export function hasRosterAccess(person: Principal, access: RosterAccess): boolean {
  return access === 'editor'
    ? person.canEditRoster
    : person.isAdmin || person.canEditRoster || person.isAuditor === true;
}

export interface PortalRequest {
  principal?: Principal;
  /** Set instead of `principal` for someone whose access is being set up (issue 25). */
  pendingAccess?: PendingAccess;
  commandContext?: CommandContext;
  /** The request's correlation id, once read (X-Correlation-Id, or generated). */
  correlationId?: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The signed-in person; set by the AuthGuard. */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const request = context.switchToHttp().getRequest<PortalRequest>();
  if (!request.principal) throw new Error('CurrentPrincipal used on an endpoint without the AuthGuard');
  return request.principal;
});

/** Actor, command id (Idempotency-Key), correlation and "now" for a command; set by the CommandContextInterceptor. */
export const CurrentCommand = createParamDecorator(
  (_: unknown, context: ExecutionContext): CommandContext => {
    const request = context.switchToHttp().getRequest<PortalRequest>();
    if (!request.commandContext) throw new Error('CurrentCommand used without the CommandContextInterceptor');
    return request.commandContext;
  },
);
