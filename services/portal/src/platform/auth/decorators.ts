import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { CommandContext } from '../event-store/command-context';
import type { Principal } from './principal';

/** Metadata keys read by the global AuthGuard (platform/auth/auth.guard.ts). */
export const IS_PUBLIC = 'portal:isPublic';
export const REQUIRES_ADMIN = 'portal:requiresAdmin';
export const REQUIRES_ROSTER = 'portal:requiresRoster';

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

/** Whether the person has the roster access asked for. */
export function hasRosterAccess(person: Principal, access: RosterAccess): boolean {
  return access === 'editor' ? person.canEditRoster : person.isAdmin || person.canEditRoster;
}

export interface PortalRequest {
  principal?: Principal;
  commandContext?: CommandContext;
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
