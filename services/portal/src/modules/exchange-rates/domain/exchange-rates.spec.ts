import { exchangeRateMessages, SECOND_ORGANISATION_OWNER_ID, type Currency } from '@portal/contracts';
import { broken, given } from '../../../kernel/testing/given-when-then';
import { exchangeRatesDecider, ratesMessages, type ExchangeRatesSet, type SetRates } from './exchange-rates';

const firmAdmin = (rates: SetRates['rates']): SetRates => ({ rates, setterOwnerScope: null });
const rate = (currency: string, perUsd: string) => ({ currency: currency as Currency, perUsd });
const set = (
  rates: ExchangeRatesSet['data']['rates'],
  previous: ExchangeRatesSet['data']['previous'],
): ExchangeRatesSet => ({ type: 'ExchangeRatesSet', data: { rates, previous } });

/** CAD and EUR are in force (as the seed or earlier changes left them). */
const history = [set([rate('USD', '1'), rate('CAD', '1.3912'), rate('EUR', '0.9215')], [])];

describe('exchange rates decider', () => {
  it("records the currencies whose rate moves, with what they were before (the firm's admin)", () => {
    const decision = given(exchangeRatesDecider, history).when(
      firmAdmin([rate('CAD', '1.40'), rate('EUR', '0.9215'), rate('GBP', '0.79')]),
    );
    expect(decision.events).toEqual([
      set(
        [rate('CAD', '1.4'), rate('GBP', '0.79')],
        [
          { currency: 'CAD', perUsd: '1.3912' },
          { currency: 'GBP', perUsd: null },
        ],
      ),
    ]);
  });

  it('records nothing when every rate is already in force, however it is written', () => {
    const decision = given(exchangeRatesDecider, history).when(
      firmAdmin([rate('CAD', '1.39120'), rate('USD', '1.0')]),
    );
    expect(decision.events).toEqual([]);
  });

  it('folds earlier changes: the newest rate is the one compared and reported as previous', () => {
    const decision = given(exchangeRatesDecider, [
      ...history,
      set([rate('CAD', '1.45')], [{ currency: 'CAD', perUsd: '1.3912' }]),
    ]).when(firmAdmin([rate('CAD', '1.5')]));
    expect(decision.events).toEqual([set([rate('CAD', '1.5')], [{ currency: 'CAD', perUsd: '1.45' }])]);
  });

  it('refuses an admin restricted to one owner (a sightstream admin) with forbidden: the rates are the firm’s', () => {
    const error = broken(
      given(exchangeRatesDecider, history).when({
        rates: [rate('CAD', '2')],
        setterOwnerScope: SECOND_ORGANISATION_OWNER_ID,
      }),
    );
    expect(error.code).toBe('forbidden');
    expect(error.message).toBe(ratesMessages.firmOnly);
  });

  it('refuses an unknown currency, a rate that is not above 0, and USD other than 1, naming each field', () => {
    const error = broken(
      given(exchangeRatesDecider, history).when(
        firmAdmin([rate('XXX', '1'), rate('CAD', '0'), rate('EUR', 'abc'), rate('USD', '1.1')]),
      ),
    );
    expect(error.code).toBe('validation');
    expect(error.problems).toEqual([
      { path: 'rates.0.currency', message: exchangeRateMessages.currencyUnknown },
      { path: 'rates.1.perUsd', message: exchangeRateMessages.rateInvalid },
      { path: 'rates.2.perUsd', message: exchangeRateMessages.rateInvalid },
      { path: 'rates.3.perUsd', message: exchangeRateMessages.usdIsBase },
    ]);
  });
});
