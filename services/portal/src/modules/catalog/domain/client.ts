import {
  catalogAdminMessages,
  catalogMessages,
  changedFields,
  isEmailAddress,
  type ClientAddress,
  type ClientContact,
  type ClientDetails,
  type ClientDetailsChanged,
  type ClientRegistered,
} from '@portal/contracts';
import { ProblemList, DomainError } from '../../../kernel/domain-error';
import { isFilledText, isPositiveWholeNumber } from '../../../kernel/rules';

/** Stream `client-{id}`: a customer projects are billed to. */
export const clientStreamId = (clientId: number): string => `client-${clientId}`;

export type ClientEvent =
  | { readonly type: 'ClientRegistered'; readonly data: ClientRegistered }
  | { readonly type: 'ClientDetailsChanged'; readonly data: ClientDetailsChanged };

type ClientInput = {
  readonly name: string;
  readonly contacts?: readonly ClientContact[];
} & Partial<ClientAddress>;

export type RegisterClient = {
  readonly type: 'RegisterClient';
  readonly data: { readonly clientId: number; readonly scopeOwnerId?: number | null } & ClientInput;
};

/** The whole form of an existing client; only what differs is recorded. */
export type ChangeClientDetails = {
  readonly type: 'ChangeClientDetails';
  readonly data: { readonly clientId: number } & ClientInput;
};

export type ClientCommand = RegisterClient | ChangeClientDetails;

export type ClientState =
  { readonly registered: false } | { readonly registered: true; readonly details: ClientDetails };

function optionalText(value: string | null | undefined): string | null {
  return isFilledText(value) ? value.trim() : null;
}

function checkInput(c: ClientInput, problems: ProblemList): void {
  if (!isFilledText(c.name)) problems.add('name', catalogMessages.mustHaveValue('Client Name'));
  (c.contacts ?? []).forEach((contact, i) => {
    if (!isFilledText(contact.name))
      problems.add(`contacts.${i}.name`, catalogMessages.mustHaveValue('Contact Name'));
    if (!isEmailAddress(contact.email ?? ''))
      problems.add(`contacts.${i}.email`, catalogAdminMessages.invalidEmail('Contact Email'));
  });
}

function detailsOf(c: ClientInput): ClientDetails {
  return {
    name: c.name.trim(),
    addressLine1: optionalText(c.addressLine1),
    addressLine2: optionalText(c.addressLine2),
    city: optionalText(c.city),
    stateProvince: optionalText(c.stateProvince),
    countryRegion: optionalText(c.countryRegion),
    zipPostalCode: optionalText(c.zipPostalCode),
    phone: optionalText(c.phone),
    contacts: (c.contacts ?? []).map((x) => ({ name: x.name.trim(), email: x.email.trim().toLowerCase() })),
  };
}

export const clientDecider = {
  initialState: (): ClientState => ({ registered: false }),

  evolve(state: ClientState, event: ClientEvent): ClientState {
    switch (event.type) {
      case 'ClientRegistered': {
        const { clientId: _id, scopeOwnerId: _scope, ...details } = event.data;
        return { registered: true, details };
      }
      case 'ClientDetailsChanged':
        return state.registered ? { ...state, details: { ...state.details, ...event.data.after } } : state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command: ClientCommand, state: ClientState): ClientEvent[] {
    switch (command.type) {
      case 'RegisterClient': {
        const c = command.data;
        const problems = new ProblemList();
        if (!isPositiveWholeNumber(c.clientId))
          problems.add('clientId', catalogMessages.mustBeWholeNumber('Client'));
        checkInput(c, problems);
        problems.throwIfAny();
        if (state.registered)
          throw new DomainError('conflict', catalogMessages.alreadyExists('Client', c.clientId));
        const scope = c.scopeOwnerId ?? null;
        return [
          {
            type: 'ClientRegistered',
            data: {
              clientId: c.clientId,
              ...detailsOf(c),
              ...(scope !== null ? { scopeOwnerId: scope } : {}),
            },
          },
        ];
      }
      case 'ChangeClientDetails': {
        const c = command.data;
        if (!state.registered) throw DomainError.notFound(catalogAdminMessages.clientNotFound(c.clientId));
        const problems = new ProblemList();
        checkInput(c, problems);
        problems.throwIfAny();
        const changes = changedFields(state.details, detailsOf(c));
        return changes ? [{ type: 'ClientDetailsChanged', data: { clientId: c.clientId, ...changes } }] : [];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
