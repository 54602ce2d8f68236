import {
  exchangeRateMessages,
  isKnownCurrency,
  normaliseDecimal,
  parseDecimal,
  type Currency,
  type ExchangeRatesSetData,
} from '@portal/contracts';
import type { Decider, DomainEvent } from '../../../kernel/decider';
import { DomainError, ProblemList } from '../../../kernel/domain-error';

/** The one event of the stream `exchange-rates` (EXCHANGE_RATES_STREAM); who and when are in its metadata. */
export type ExchangeRatesSet = DomainEvent<'ExchangeRatesSet', ExchangeRatesSetData>;
export type ExchangeRatesEvent = ExchangeRatesSet;

/** The rates in force: units of each currency one USD buys (normalised decimals). */
export interface RatesState {
  readonly perUsd: ReadonlyMap<Currency, string>;
}

/**
 * An admin sets some rates; the others stay. `setterOwnerScope` is the owner the admin is
 * restricted to (null: an admin of the firm, owner 1, who acts for every owner).
 */
export interface SetRates {
  readonly rates: readonly { readonly currency: Currency; readonly perUsd: string }[];
  readonly setterOwnerScope: number | null;
}

export const ratesMessages = {
  firmOnly:
    "Exchange rates are the firm's: they apply to every owner's expenses, so only the firm's admins may change them.",
} as const;

/**
 * Exchange rates as a decider. The rates are the firm's (owner 1): every owner's expense claims
 * are converted with them, so an admin restricted to one owner (a sightstream admin) may read
 * them but not change them. A change records only the currencies whose rate really moves, with
 * what they were before; setting what is already in force records nothing.
 */
export const exchangeRatesDecider: Decider<RatesState, SetRates, ExchangeRatesEvent> = {
  initialState: () => ({ perUsd: new Map() }),

  evolve(state, event) {
    switch (event.type) {
      case 'ExchangeRatesSet': {
        const perUsd = new Map(state.perUsd);
        for (const rate of event.data.rates) perUsd.set(rate.currency, rate.perUsd);
        return { perUsd };
      }
    }
  },

  decide(command, state) {
    if (command.setterOwnerScope !== null) throw DomainError.forbidden(ratesMessages.firmOnly);
    const problems = new ProblemList();
    command.rates.forEach((rate, index) => {
      const perUsd = parseDecimal(rate.perUsd);
      if (!isKnownCurrency(rate.currency)) {
        problems.add(`rates.${index}.currency`, exchangeRateMessages.currencyUnknown);
      }
      if (!perUsd || !perUsd.greaterThan(0)) {
        problems.add(`rates.${index}.perUsd`, exchangeRateMessages.rateInvalid);
      } else if (rate.currency === 'USD' && !perUsd.equals(1)) {
        problems.add(`rates.${index}.perUsd`, exchangeRateMessages.usdIsBase);
      }
    });
    problems.throwIfAny();

    const changed = command.rates
      .map((rate) => ({ currency: rate.currency, perUsd: normaliseDecimal(rate.perUsd) }))
      .filter((rate) => state.perUsd.get(rate.currency) !== rate.perUsd);
    if (changed.length === 0) return [];
    return [
      {
        type: 'ExchangeRatesSet',
        data: {
          rates: changed,
          previous: changed.map((rate) => ({
            currency: rate.currency,
            perUsd: state.perUsd.get(rate.currency) ?? null,
          })),
        },
      },
    ];
  },
};
