import { crossRate, type Currency } from '@portal/contracts';
import { ExchangeRates } from './exchange-rates.port';
import type { RatesTable } from '../projections/rates-table';

/**
 * The embedded default (no EXCHANGE_RATES_URL): rates from the context's own read model, the
 * `exchange_rates` table that admins edit (SetExchangeRates). Cross rates go through USD
 * (`crossRate`, 8 decimals). The table holds only the current rates, so every date gets them
 * (there is no history to look a past day up in).
 */
export class EmbeddedExchangeRates extends ExchangeRates {
  readonly source = 'embedded' as const;

  constructor(readonly table: RatesTable) {
    super();
  }

  protected async lookUp(from: Currency, to: Currency): Promise<string | null> {
    const perUsd = await this.table.perUsd();
    return crossRate(perUsd.get(from), perUsd.get(to));
  }
}
