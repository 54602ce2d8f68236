import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import {
  CURRENCIES,
  businessDateOf,
  exchangeRateMessages,
  exchangeRatesQuerySchema,
  exchangeRatesUpdateSchema,
  rateDateFor,
  type ExchangeRateRow,
  type ExchangeRatesResponse,
} from '@portal/contracts';
import { AdminOnly, CurrentCommand } from '../auth/decorators';
import { Clock } from '../clock/clock';
import type { CommandContext } from '../event-store/command-context';
import { DomainError } from '../../kernel/domain-error';
import { parseBody, parseQuery } from '../http/validation';
import { EmbeddedExchangeRates, type RatesChangeOutcome } from './embedded-exchange-rates';
import { ExchangeRates } from './exchange-rates.port';

/**
 * GET /api/exchange-rates?date=YYYY-MM-DD[&from=&to=] (signed in): the rates per USD that apply
 * to an expense of that date, and the from -> to rate the server would use.
 * GET and PUT /api/admin/exchange-rates (admins; embedded table only, 409 with a provider).
 */
@Controller()
export class ExchangeRatesController {
  constructor(
    private readonly rates: ExchangeRates,
    private readonly clock: Clock,
  ) {}

  @Get('exchange-rates')
  async forDate(@Query() query: unknown): Promise<ExchangeRatesResponse> {
    const { date, from, to } = parseQuery(exchangeRatesQuerySchema, query);
    const perUsd = await Promise.all(CURRENCIES.map((currency) => this.rates.rateFor('USD', currency, date)));
    return {
      date,
      rateDate: rateDateFor(date, businessDateOf(this.clock.now())),
      source: this.rates.source,
      editable: this.rates instanceof EmbeddedExchangeRates,
      base: 'USD',
      rates: CURRENCIES.map((currency, i) => ({ currency, perUsd: perUsd[i] })),
      conversion: from && to ? { from, to, rate: await this.rates.rateFor(from, to, date) } : null,
    };
  }

  @Get('admin/exchange-rates')
  @AdminOnly()
  table(): Promise<ExchangeRateRow[]> {
    return this.embedded().current();
  }

  @Put('admin/exchange-rates')
  @AdminOnly()
  set(@CurrentCommand() command: CommandContext, @Body() body: unknown): Promise<RatesChangeOutcome> {
    const table = this.embedded();
    return table.setRates(parseBody(exchangeRatesUpdateSchema, body), command);
  }

  private embedded(): EmbeddedExchangeRates {
    if (!(this.rates instanceof EmbeddedExchangeRates)) {
      throw DomainError.conflict(exchangeRateMessages.providerConfigured);
    }
    return this.rates;
  }
}
