import { catalogMessages, type StaffUsernameReleased, type StaffUsernameReserved } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { normaliseUsername } from './staff-member';

/**
 * Stream `staff-username-{username}`: makes a sign-in address unique across people. Registering
 * a person first reserves the address here (the stream's expected revision guards the race), then
 * appends to `staff-{id}`.
 */
export const usernameStreamId = (username: string): string => `staff-username-${normaliseUsername(username)}`;

export type UsernameEvent =
  | { readonly type: 'StaffUsernameReserved'; readonly data: StaffUsernameReserved }
  | { readonly type: 'StaffUsernameReleased'; readonly data: StaffUsernameReleased };

export type ReserveUsername = {
  readonly type: 'ReserveUsername';
  readonly data: { readonly username: string; readonly staffId: number };
};

/** The person it was reserved for gave it up (an address change); held by anyone else: nothing. */
export type ReleaseUsername = {
  readonly type: 'ReleaseUsername';
  readonly data: { readonly username: string; readonly staffId: number };
};

export type UsernameState = { readonly heldBy: number | null };

export const usernameDecider = {
  initialState: (): UsernameState => ({ heldBy: null }),

  evolve(_state: UsernameState, event: UsernameEvent): UsernameState {
    switch (event.type) {
      case 'StaffUsernameReserved':
        return { heldBy: event.data.staffId };
      case 'StaffUsernameReleased':
        return { heldBy: null };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command: ReserveUsername | ReleaseUsername, state: UsernameState): UsernameEvent[] {
    const username = normaliseUsername(command.data.username);
    if (command.type === 'ReleaseUsername')
      return state.heldBy === command.data.staffId
        ? [{ type: 'StaffUsernameReleased', data: { username, staffId: command.data.staffId } }]
        : [];
    if (state.heldBy === command.data.staffId) return [];
    if (state.heldBy !== null)
      throw new DomainError('validation', catalogMessages.usernameTaken(username), [
        { path: 'username', message: catalogMessages.usernameTaken(username) },
      ]);
    return [{ type: 'StaffUsernameReserved', data: { username, staffId: command.data.staffId } }];
  },
};
