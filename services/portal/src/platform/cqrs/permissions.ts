import { DomainError } from '../../kernel/domain-error';
import type { Principal } from '../auth/principal';

/**
 * What a command or query needs of the caller, declared once on its class with `@Requires(...)`
 * and checked once, by the bus handler base, before the handler runs. Finer rules (the person's
 * own items, the owner scope, the roster) are the handlers' and deciders', through the same error.
 */
export type Permission = 'public' | 'signed-in' | 'admin' | 'roster-editor';

const REQUIRED = Symbol('portal:requires');

type WithPermission = { [REQUIRED]?: Permission };

/** Declares what the command or query needs; without it, any signed-in person may send it. */
export function Requires(permission: Permission): ClassDecorator {
  return (target) => {
    (target as unknown as WithPermission)[REQUIRED] = permission;
  };
}

export function permissionOf(message: object): Permission {
  return (message.constructor as unknown as WithPermission)[REQUIRED] ?? 'signed-in';
}

/** Throws 403 when the principal (null: nobody signed in) lacks what the message needs. */
export function authorize(principal: Principal | null, message: object): void {
  const needed = permissionOf(message);
  if (needed === 'public') return;
  if (!principal) throw DomainError.forbidden();
  if (needed === 'admin' && !principal.isAdmin) throw DomainError.forbidden();
  if (needed === 'roster-editor' && !principal.canEditRoster) throw DomainError.forbidden();
}
