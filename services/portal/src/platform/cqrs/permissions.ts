import { authMessages } from '@portal/contracts';
import { DomainError } from '../../kernel/domain-error';
import { isReadOnlyAuditor, type Principal } from '../auth/principal';

/**
 * What a command or query needs of the caller, declared once on its class with `@Requires(...)`
 * and checked once, by the bus handler base, before the handler runs. Finer rules (the person's
 * own items, the owner scope, the roster) are the handlers' and deciders', through the same error.
 */
export type Permission = 'public' | 'signed-in' | 'admin' | 'admin-or-auditor' | 'roster-editor';

const REQUIRED = Symbol('portal:requires');
const AUDITORS_MAY_SEND = Symbol('portal:auditorsMaySend');

type WithPermission = { [REQUIRED]?: Permission; [AUDITORS_MAY_SEND]?: true };

/** Declares what the command or query needs; without it, any signed-in person may send it. */
export function Requires(permission: Permission): ClassDecorator {
  return (target) => {
    (target as unknown as WithPermission)[REQUIRED] = permission;
  };
}

export function permissionOf(message: object): Permission {
  return (message.constructor as unknown as WithPermission)[REQUIRED] ?? 'signed-in';
}

/**
 * Marks the one kind of command an auditor may still send (ending their own session): every other
 * command from a read-only auditor is refused by `refuseAuditorWrites`.
 */
export function AuditorsMaySend(): ClassDecorator {
  return (target) => {
    (target as unknown as WithPermission)[AUDITORS_MAY_SEND] = true;
  };
}

/** Throws 403 when the principal (null: nobody signed in) lacks what the message needs. */
export function authorize(principal: Principal | null, message: object): void {
  const needed = permissionOf(message);
  if (needed === 'public') return;
  if (!principal) throw DomainError.forbidden();
  if (needed === 'admin' && !principal.isAdmin) throw DomainError.forbidden();
  if (needed === 'admin-or-auditor' && !principal.isAdmin && principal.isAuditor !== true)
    throw DomainError.forbidden();
  if (needed === 'roster-editor' && !principal.canEditRoster) throw DomainError.forbidden();
}

/**
 * Auditors write nothing, not even their own time (docs/decisions/0188-auditors-write-nothing.md):
 * a command from an auditor who is not an admin is 403 whatever it is and whatever its permission,
 * unless `@AuditorsMaySend`.
 */
export function refuseAuditorWrites(principal: Principal, command: object): void {
  if (!isReadOnlyAuditor(principal)) return;
  if ((command.constructor as unknown as WithPermission)[AUDITORS_MAY_SEND]) return;
  throw DomainError.forbidden(authMessages.auditorsReadOnly);
}
