import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  exchangeRatesQuerySchema,
  exchangeRatesUpdateSchema,
  type ExchangeRateRow,
  type ExchangeRatesResponse,
} from '@portal/contracts';
import { AdminOnly, AuditorsMayRead, CurrentPrincipal } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { parseBody, parseQuery } from '../../platform/http/validation';
import { SetExchangeRates, type RatesChangeOutcome } from './commands/set-exchange-rates';
import { ExchangeRatesForDate } from './queries/exchange-rates-for-date';
import { ExchangeRateTable } from './queries/exchange-rate-table';

/**
 * GET /api/exchange-rates (signed in), GET /api/admin/exchange-rates (admins and auditors: the guard
 * refuses anyone else before the query, which requires the same), PUT /api/admin/exchange-rates
 * (the firm's admins: the command checks; the embedded table only, 409 with a provider). Parses
 * input, asks the buses.
 */
@Controller()
export class ExchangeRatesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('exchange-rates')
  forDate(@CurrentPrincipal() principal: Principal, @Query() query: unknown): Promise<ExchangeRatesResponse> {
    const { date, from, to } = parseQuery(exchangeRatesQuerySchema, query);
    return this.queries.execute(new ExchangeRatesForDate(principal, date, from, to));
  }

  @Get('admin/exchange-rates')
  @AdminOnly()
  @AuditorsMayRead()
  table(@CurrentPrincipal() principal: Principal): Promise<ExchangeRateRow[]> {
    return this.queries.execute(new ExchangeRateTable(principal));
  }

  @Put('admin/exchange-rates')
  set(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<RatesChangeOutcome> {
    const { rates } = parseBody(exchangeRatesUpdateSchema, body);
    return this.commands.execute(new SetExchangeRates(caller, rates));
  }
}
