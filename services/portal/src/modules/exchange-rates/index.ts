/**
 * The exchange-rates context's public entry: the only file other code may import. (The context's
 * rules, events and read model move here from platform/exchange-rates; the port is re-exported
 * here already so its users import it from the context.)
 */
export { ExchangeRates, type ExchangeRatesSource } from '../../platform/exchange-rates/exchange-rates.port';
