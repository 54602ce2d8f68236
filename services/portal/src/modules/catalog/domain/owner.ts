import {
  catalogMessages,
  isTimeZone,
  ownerSettingsMessages,
  type OwnerRegistered,
  type OwnerTimeZoneSet,
} from '@portal/contracts';
import { ProblemList, DomainError } from '../../../kernel/domain-error';
import { isFilledText, isPositiveWholeNumber } from '../../../kernel/rules';

/** Stream `owner-{id}`: an organisation that owns projects and people (1 Smartwork, 2 Sightstream). */
export const ownerStreamId = (ownerId: number): string => `owner-${ownerId}`;

export type OwnerEvent =
  | { readonly type: 'OwnerRegistered'; readonly data: OwnerRegistered }
  | { readonly type: 'OwnerTimeZoneSet'; readonly data: OwnerTimeZoneSet };

export type OwnerCommand =
  | { readonly type: 'RegisterOwner'; readonly data: { readonly ownerId: number; readonly name: string } }
  | {
      readonly type: 'SetOwnerTimeZone';
      readonly data: { readonly ownerId: number; readonly timeZone: string };
    };

export type OwnerState =
  | { readonly registered: false }
  | { readonly registered: true; readonly name: string; readonly timeZone: string | null };

export const ownerDecider = {
  initialState: (): OwnerState => ({ registered: false }),

  evolve(state: OwnerState, event: OwnerEvent): OwnerState {
    switch (event.type) {
      case 'OwnerRegistered':
        return { registered: true, name: event.data.name, timeZone: null };
      case 'OwnerTimeZoneSet':
        return state.registered ? { ...state, timeZone: event.data.after.timeZone } : state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command: OwnerCommand, state: OwnerState): OwnerEvent[] {
    switch (command.type) {
      case 'RegisterOwner': {
        const { ownerId, name } = command.data;
        const problems = new ProblemList();
        if (!isPositiveWholeNumber(ownerId))
          problems.add('ownerId', catalogMessages.mustBeWholeNumber('Owner'));
        if (!isFilledText(name)) problems.add('name', catalogMessages.mustHaveValue('Owner Name'));
        problems.throwIfAny();
        if (state.registered)
          throw new DomainError('conflict', catalogMessages.alreadyExists('Owner', ownerId));
        return [{ type: 'OwnerRegistered', data: { ownerId, name: name.trim() } }];
      }
      case 'SetOwnerTimeZone': {
        const { ownerId, timeZone } = command.data;
        if (!state.registered) throw DomainError.notFound(ownerSettingsMessages.ownerNotFound(ownerId));
        if (!isTimeZone(timeZone))
          DomainError.throwIfAny([{ path: 'timeZone', message: ownerSettingsMessages.timeZoneUnknown }]);
        // The same zone again changes nothing and records nothing.
        if (state.timeZone === timeZone) return [];
        return [
          {
            type: 'OwnerTimeZoneSet',
            data: { ownerId, before: { timeZone: state.timeZone }, after: { timeZone } },
          },
        ];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
