import { json, route, type RouteGroup } from '../kernel/api-routes';
import {
  exchangeRatesQuerySchema,
  exchangeRatesUpdateSchema,
  type ExchangeRateRow,
  type ExchangeRatesUpdateResponse,
  type ExchangeRatesResponse,
} from '../exchange-rates';

/** The exchange-rates routes, as the API serves them (see kernel/api-routes.ts). */
export const exchangeRatesRoutes = {
  tag: 'exchange-rates',
  description: "Exchange rates: the rates of a day, and the admins' table. docs/api.md, Exchange rates.",
  routes: [
    route({
      method: 'get',
      path: '/exchange-rates',
      summary: 'The exchange rates of a day',
      access: 'signed-in',
      query: exchangeRatesQuerySchema,
      response: json<ExchangeRatesResponse>('ExchangeRatesResponse'),
    }), // modules/exchange-rates/exchange-rates.controller.ts#forDate
    route({
      method: 'get',
      path: '/admin/exchange-rates',
      summary: 'The exchange-rate table',
      description: 'Admins only: the query checks (403 otherwise).',
      access: 'signed-in',
      response: json<ExchangeRateRow[]>('ExchangeRateRow[]'),
    }), // modules/exchange-rates/exchange-rates.controller.ts#table
    route({
      method: 'put',
      path: '/admin/exchange-rates',
      summary: 'Set exchange rates',
      description:
        "The firm's admins only: the command checks (403 otherwise); 409 while rates come from a provider.",
      access: 'signed-in',
      body: exchangeRatesUpdateSchema,
      response: json<ExchangeRatesUpdateResponse>('ExchangeRatesUpdateResponse'),
    }), // modules/exchange-rates/exchange-rates.controller.ts#set
  ],
} satisfies RouteGroup;
