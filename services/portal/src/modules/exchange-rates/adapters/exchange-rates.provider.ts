import type { Provider } from '@nestjs/common';
import { Clock } from '../../../platform/clock/clock';
import type { PortalConfig } from '../../../platform/config/config';
import { PORTAL_CONFIG } from '../../../platform/config/config.provider';
import type { Database } from '../../../platform/database/database';
import { DATABASE } from '../../../platform/database/database.provider';
import { ExchangeRates } from './exchange-rates.port';
import { RatesTable } from '../projections/rates-table';
import { EmbeddedExchangeRates } from './embedded-exchange-rates';
import { HttpExchangeRates } from './http-exchange-rates';

/** The HTTP provider when EXCHANGE_RATES_URL is set, the embedded rates table otherwise. */
export function createExchangeRates(
  config: Pick<PortalConfig, 'exchangeRatesUrl' | 'timeZone'>,
  db: Database,
  clock: Clock,
  table: RatesTable,
): ExchangeRates {
  return config.exchangeRatesUrl
    ? new HttpExchangeRates({ url: config.exchangeRatesUrl, db, clock, timeZone: config.timeZone })
    : new EmbeddedExchangeRates(table);
}

export const exchangeRatesProvider = {
  provide: ExchangeRates,
  useFactory: createExchangeRates,
  inject: [PORTAL_CONFIG, DATABASE, Clock, RatesTable],
} satisfies Provider;
