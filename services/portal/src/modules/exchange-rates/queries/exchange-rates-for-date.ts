import {
  CURRENCIES,
  businessDateOf,
  rateDateFor,
  type BusinessDate,
  type Currency,
  type ExchangeRatesResponse,
} from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { ExchangeRates } from '../adapters/exchange-rates.port';

/**
 * GET /api/exchange-rates?date=YYYY-MM-DD[&from=&to=] (anyone signed in): the rates per USD that
 * apply to an expense of that date, and the from -> to rate the server would use.
 */
export class ExchangeRatesForDate extends PortalQuery<ExchangeRatesResponse> {
  constructor(
    principal: Principal,
    readonly date: BusinessDate,
    readonly from: Currency | null,
    readonly to: Currency | null,
  ) {
    super(principal);
  }
}

@QueryHandler(ExchangeRatesForDate)
export class ExchangeRatesForDateHandler extends PortalQueryHandler<ExchangeRatesForDate> {
  constructor(
    private readonly rates: ExchangeRates,
    private readonly clock: Clock,
  ) {
    super();
  }

  protected async handle({ date, from, to }: ExchangeRatesForDate): Promise<ExchangeRatesResponse> {
    const perUsd = await Promise.all(CURRENCIES.map((currency) => this.rates.rateFor('USD', currency, date)));
    return {
      date,
      rateDate: rateDateFor(date, businessDateOf(this.clock.now())),
      source: this.rates.source,
      editable: this.rates.source === 'embedded',
      base: 'USD',
      rates: CURRENCIES.map((currency, i) => ({ currency, perUsd: perUsd[i] })),
      conversion: from && to ? { from, to, rate: await this.rates.rateFor(from, to, date) } : null,
    };
  }
}
