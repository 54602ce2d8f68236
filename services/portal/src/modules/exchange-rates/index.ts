/** The exchange-rates context's public entry: the only file other code may import. */
export { ExchangeRatesModule } from './exchange-rates.module';
export { ExchangeRates, type ExchangeRatesSource } from './adapters/exchange-rates.port';
