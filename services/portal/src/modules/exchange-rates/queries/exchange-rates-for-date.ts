import {
  CURRENCIES,
  rateDateFor,
  type BusinessDate,
  type Currency,
  type ExchangeRatesResponse,
} from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../platform/auth/principal';
import { BusinessCalendar } from '../../../platform/clock/business-calendar';
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
    private readonly calendar: BusinessCalendar,
  ) {
    super();
  }

  protected async handle({
    principal,
    date,
    from,
    to,
  }: ExchangeRatesForDate): Promise<ExchangeRatesResponse> {
    const perUsd = await Promise.all(CURRENCIES.map((currency) => this.rates.rateFor('USD', currency, date)));
    return {
      date,
      rateDate: rateDateFor(date, await this.calendar.todayFor(principal!)),
      source: this.rates.source,
      editable: this.rates.source === 'embedded',
      base: 'USD',
      rates: CURRENCIES.map((currency, i) => ({ currency, perUsd: perUsd[i] })),
      conversion: from && to ? { from, to, rate: await this.rates.rateFor(from, to, date) } : null,
    };
  }
}
