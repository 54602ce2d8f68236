import { adminOrAuditor, signedIn, json, type RouteGroup } from '../kernel/api-routes';
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
  description:
    "Exchange rates: the rates of a day, and the admins' table (auditors read it too). docs/api.md, Exchange rates.",
  routes: [
    signedIn('GET /exchange-rates', json<ExchangeRatesResponse>('ExchangeRatesResponse'), {
      summary: 'The exchange rates of a day',
      query: exchangeRatesQuerySchema,
    }), // modules/exchange-rates/exchange-rates.controller.ts#forDate
    adminOrAuditor('GET /admin/exchange-rates', json<ExchangeRateRow[]>('ExchangeRateRow[]'), {
      summary: 'The exchange-rate table',
      description:
        'Admins and auditors of every owner (auditors replay who set which rate); anyone else 403. 409 while rates come from a provider.',
    }), // modules/exchange-rates/exchange-rates.controller.ts#table
    signedIn('PUT /admin/exchange-rates', json<ExchangeRatesUpdateResponse>('ExchangeRatesUpdateResponse'), {
      summary: 'Set exchange rates',
      description:
        "The firm's admins only: the command checks (403 otherwise); 409 while rates come from a provider.",
      body: exchangeRatesUpdateSchema,
    }), // modules/exchange-rates/exchange-rates.controller.ts#set
  ],
} satisfies RouteGroup;
