export { ExchangeRatesPage } from './exchange-rates-page';
