import { EMAIL_ADDRESS, catalogMessages, type StaffUsernameChanged } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import type { StaffState } from './staff-member';

/**
 * A person's sign-in address (work e-mail) changes: directory sync follows a user renamed in the
 * directory (record 0276). The handler reserves the new address first, then this is decided on
 * the person's stream, then the old address is released.
 */
export type ChangeStaffUsername = {
  readonly type: 'ChangeStaffUsername';
  readonly data: { readonly staffId: number; readonly username: string };
  /** Who holds the new address (its reservation stream). */
  readonly references: { readonly usernameHeldBy: number | null };
};

export type StaffUsernameChangedEvent = {
  readonly type: 'StaffUsernameChanged';
  readonly data: StaffUsernameChanged;
};

export function changeStaffUsername(
  command: ChangeStaffUsername,
  state: StaffState,
): StaffUsernameChangedEvent[] {
  const { staffId } = command.data;
  if (!state.registered) throw new DomainError('not_found', catalogMessages.unknown('Staff member', staffId));
  const username = command.data.username.trim().toLowerCase();
  if (!EMAIL_ADDRESS.test(username))
    throw new DomainError('validation', catalogMessages.usernameInvalid, [
      { path: 'username', message: catalogMessages.usernameInvalid },
    ]);
  if (username === state.username) return [];
  const heldBy = command.references.usernameHeldBy;
  if (heldBy !== null && heldBy !== staffId)
    throw new DomainError('validation', catalogMessages.usernameTaken(username), [
      { path: 'username', message: catalogMessages.usernameTaken(username) },
    ]);
  return [
    {
      type: 'StaffUsernameChanged',
      data: { staffId, before: { username: state.username }, after: { username } },
    },
  ];
}
