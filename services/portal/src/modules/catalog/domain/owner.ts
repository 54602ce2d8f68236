import { catalogMessages, type OwnerRegistered } from '@portal/contracts';
import { ProblemList, DomainError } from '../../../kernel/domain-error';
import { isFilledText, isPositiveWholeNumber } from '../../../kernel/rules';

/** Stream `owner-{id}`: an organisation that owns projects and people (1 Smartwork, 2 Sightstream). */
export const ownerStreamId = (ownerId: number): string => `owner-${ownerId}`;

export type OwnerEvent = { readonly type: 'OwnerRegistered'; readonly data: OwnerRegistered };

export type OwnerCommand = {
  readonly type: 'RegisterOwner';
  readonly data: { readonly ownerId: number; readonly name: string };
};

export type OwnerState =
  { readonly registered: false } | { readonly registered: true; readonly name: string };

export const ownerDecider = {
  initialState: (): OwnerState => ({ registered: false }),

  evolve(state: OwnerState, event: OwnerEvent): OwnerState {
    switch (event.type) {
      case 'OwnerRegistered':
        return { registered: true, name: event.data.name };
      default: {
        const unknown: never = event.type;
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
      default: {
        const unknown: never = command.type;
        return unknown;
      }
    }
  },
};
