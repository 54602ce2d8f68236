import type { Provider } from '@nestjs/common';
import { Clock } from '../clock/clock';
import type { PortalConfig } from '../config/config';
import { PORTAL_CONFIG } from '../config/config.provider';
import { DATABASE } from '../database/database.provider';
import type { Database } from '../database/database';
import { EventStore } from '../event-store/event-store.port';
import { EmbeddedExchangeRates } from './embedded-exchange-rates';
import { ExchangeRates } from './exchange-rates.port';
import { HttpExchangeRates } from './http-exchange-rates';

/** The HTTP provider when EXCHANGE_RATES_URL is set, the embedded rates table otherwise. */
export function createExchangeRates(
  config: Pick<PortalConfig, 'exchangeRatesUrl'>,
  db: Database,
  clock: Clock,
  store: EventStore,
): ExchangeRates {
  return config.exchangeRatesUrl
    ? new HttpExchangeRates({ url: config.exchangeRatesUrl, db, clock })
    : new EmbeddedExchangeRates(db, store);
}

export const exchangeRatesProvider = {
  provide: ExchangeRates,
  useFactory: createExchangeRates,
  inject: [PORTAL_CONFIG, DATABASE, Clock, EventStore],
} satisfies Provider;
