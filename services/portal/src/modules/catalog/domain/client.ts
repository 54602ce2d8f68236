import {
  catalogMessages,
  type ClientAddress,
  type ClientContact,
  type ClientRegistered,
} from '@portal/contracts';
import { ProblemList, DomainError } from '../../../kernel/domain-error';
import { isFilledText, isPositiveWholeNumber } from '../../../kernel/rules';

/** Stream `client-{id}`: a customer projects are billed to. */
export const clientStreamId = (clientId: number): string => `client-${clientId}`;

export type ClientEvent = { readonly type: 'ClientRegistered'; readonly data: ClientRegistered };

export type RegisterClient = {
  readonly type: 'RegisterClient';
  readonly data: {
    readonly clientId: number;
    readonly name: string;
    readonly contacts?: readonly ClientContact[];
  } & Partial<ClientAddress>;
};

export type ClientCommand = RegisterClient;

export type ClientState = { readonly registered: boolean };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function optionalText(value: string | null | undefined): string | null {
  return isFilledText(value) ? value.trim() : null;
}

export const clientDecider = {
  initialState: (): ClientState => ({ registered: false }),

  evolve(_state: ClientState, event: ClientEvent): ClientState {
    switch (event.type) {
      case 'ClientRegistered':
        return { registered: true };
      default: {
        const unknown: never = event.type;
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
        if (!isFilledText(c.name)) problems.add('name', catalogMessages.mustHaveValue('Client Name'));
        (c.contacts ?? []).forEach((contact, i) => {
          if (!isFilledText(contact.name))
            problems.add(`contacts.${i}.name`, catalogMessages.mustHaveValue('Name'));
          if (!EMAIL.test(contact.email ?? ''))
            problems.add(`contacts.${i}.email`, 'Valid Email is required.');
        });
        problems.throwIfAny();
        if (state.registered)
          throw new DomainError('conflict', catalogMessages.alreadyExists('Client', c.clientId));
        return [
          {
            type: 'ClientRegistered',
            data: {
              clientId: c.clientId,
              name: c.name.trim(),
              addressLine1: optionalText(c.addressLine1),
              addressLine2: optionalText(c.addressLine2),
              city: optionalText(c.city),
              stateProvince: optionalText(c.stateProvince),
              countryRegion: optionalText(c.countryRegion),
              zipPostalCode: optionalText(c.zipPostalCode),
              phone: optionalText(c.phone),
              contacts: (c.contacts ?? []).map((x) => ({
                name: x.name.trim(),
                email: x.email.trim().toLowerCase(),
              })),
            },
          },
        ];
      }
      default: {
        const unknown: never = command.type;
        return unknown;
      }
    }
  },
};
