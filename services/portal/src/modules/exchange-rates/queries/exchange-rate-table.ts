import { exchangeRateMessages, type ExchangeRateRow } from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../kernel/domain-error';
import { PortalQueryHandler, Requires, SignedInQuery } from '../../../platform/cqrs';
import { ExchangeRates } from '../adapters/exchange-rates.port';
import { RatesTable } from '../projections/rates-table';

/**
 * GET /api/admin/exchange-rates (admins and auditors, every owner's: reading is not changing, and
 * an auditor replays who set which rate): the embedded table with when and by whom each rate was
 * set; 409 when the rates come from a provider.
 */
@Requires('admin-or-auditor')
export class ExchangeRateTable extends SignedInQuery<ExchangeRateRow[]> {}

@QueryHandler(ExchangeRateTable)
export class ExchangeRateTableHandler extends PortalQueryHandler<ExchangeRateTable> {
  constructor(
    private readonly rates: ExchangeRates,
    private readonly table: RatesTable,
  ) {
    super();
  }

  protected async handle(): Promise<ExchangeRateRow[]> {
    if (this.rates.source !== 'embedded') throw DomainError.conflict(exchangeRateMessages.providerConfigured);
    return this.table.current();
  }
}
