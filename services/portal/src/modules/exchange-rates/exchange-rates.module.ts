import { Global, Module } from '@nestjs/common';
import { exchangeRatesProvider } from './adapters/exchange-rates.provider';
import { SetExchangeRatesHandler } from './commands/set-exchange-rates';
import { ExchangeRatesController } from './exchange-rates.controller';
import { ExchangeRates } from './adapters/exchange-rates.port';
import { ExchangeRateTableHandler } from './queries/exchange-rate-table';
import { ExchangeRatesForDateHandler } from './queries/exchange-rates-for-date';
import { RatesTable } from './projections/rates-table';

/**
 * Exchange rates: the firm's rates per USD (the embedded table admins edit, or the HTTP provider
 * of EXCHANGE_RATES_URL), the ExchangeRatesSet event, and the ExchangeRates port expense claims
 * convert with. Global, as the port was when it lived in platform/, so a context that converts
 * amounts injects the port without importing this module.
 */
@Global()
@Module({
  controllers: [ExchangeRatesController],
  providers: [
    RatesTable,
    exchangeRatesProvider,
    SetExchangeRatesHandler,
    ExchangeRatesForDateHandler,
    ExchangeRateTableHandler,
  ],
  exports: [ExchangeRates],
})
export class ExchangeRatesModule {}
