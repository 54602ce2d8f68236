import { catalogMessages, type StaffUsernameReserved } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { normaliseUsername } from './staff-member';

/**
 * Stream `staff-username-{username}`: makes a sign-in address unique across people. Registering
 * a person first reserves the address here (the stream's expected revision guards the race), then
 * appends to `staff-{id}`.
 */
export const usernameStreamId = (username: string): string => `staff-username-${normaliseUsername(username)}`;

export type UsernameEvent = { readonly type: 'StaffUsernameReserved'; readonly data: StaffUsernameReserved };

export type ReserveUsername = {
  readonly type: 'ReserveUsername';
  readonly data: { readonly username: string; readonly staffId: number };
};

export type UsernameState = { readonly heldBy: number | null };

export const usernameDecider = {
  initialState: (): UsernameState => ({ heldBy: null }),

  evolve(_state: UsernameState, event: UsernameEvent): UsernameState {
    switch (event.type) {
      case 'StaffUsernameReserved':
        return { heldBy: event.data.staffId };
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },

  decide(command: ReserveUsername, state: UsernameState): UsernameEvent[] {
    const username = normaliseUsername(command.data.username);
    if (state.heldBy === command.data.staffId) return [];
    if (state.heldBy !== null)
      throw new DomainError('validation', catalogMessages.usernameTaken(username), [
        { path: 'username', message: catalogMessages.usernameTaken(username) },
      ]);
    return [{ type: 'StaffUsernameReserved', data: { username, staffId: command.data.staffId } }];
  },
};
