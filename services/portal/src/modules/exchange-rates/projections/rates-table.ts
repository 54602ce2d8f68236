import {
  CURRENCIES,
  isKnownCurrency,
  normaliseDecimal,
  type Currency,
  type ExchangeRateRow,
  type ExchangeRatesSetData,
} from '@portal/contracts';
import { Injectable } from '@nestjs/common';
import { sql, type ColumnType, type Kysely } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { InjectDatabase } from '../../../platform/database/database.provider';
import { tablesOf } from '../../../platform/database/typed-view';
import type { CommandContext } from '../../../platform/event-store/command-context';

/**
 * The context's tables (migration 2026-11-22-045-exchange-rates):
 * - `exchange_rates`: the rates read model of the embedded default, one row per currency (units
 *   one USD buys), seeded with sample rates by the migration and moved by each ExchangeRatesSet;
 *   `revision` is the stream revision of the event that set the row (null: the seed).
 * - `exchange_rate_cache`: the HTTP provider adapter's answers per base currency and day.
 */
export interface ExchangeRatesDatabase {
  exchange_rates: {
    currency: string;
    per_usd: ColumnType<string, string, string>;
    updated_at: ColumnType<Date | string, string, string>;
    updated_by: string;
    revision: ColumnType<string | null, string | null, string | null>;
  };
  exchange_rate_cache: {
    base: string;
    date: ColumnType<Date | string, string, string>;
    rates: ColumnType<unknown, string, string>;
    fetched_at: ColumnType<Date | string, string, string>;
  };
}

export type ExchangeRatesDb = Kysely<ExchangeRatesDatabase>;

/** The context's tables (in the public schema, where the platform's migration made them), typed. */
export function exchangeRatesTables(db: Database): ExchangeRatesDb {
  return tablesOf<ExchangeRatesDatabase>(db);
}

/**
 * The rates read model. It is written in the same command that appends ExchangeRatesSet (not by a
 * projection): the seed rates are no events, and an expense converted right after an admin's
 * change must already see the new rate. Each row keeps the revision that set it, so a writer that
 * lost a race never overwrites a newer rate.
 */
@Injectable()
export class RatesTable {
  private readonly db: ExchangeRatesDb;

  constructor(@InjectDatabase() handle: Database) {
    this.db = exchangeRatesTables(handle);
  }

  /** Units of each currency one USD buys, normalised (`1.40` -> `1.4`). */
  async perUsd(): Promise<Map<Currency, string>> {
    const rows = await this.db
      .selectFrom('exchange_rates')
      .select(['currency', sql<string>`per_usd::text`.as('per_usd')])
      .execute();
    const perUsd = new Map<Currency, string>();
    for (const row of rows) {
      if (isKnownCurrency(row.currency)) perUsd.set(row.currency, normaliseDecimal(row.per_usd));
    }
    return perUsd;
  }

  /** The table, in CURRENCIES order. */
  async current(): Promise<ExchangeRateRow[]> {
    const rows = await this.db
      .selectFrom('exchange_rates')
      .select(['currency', sql<string>`per_usd::text`.as('per_usd'), 'updated_at', 'updated_by'])
      .execute();
    const byCode = new Map(rows.map((row) => [row.currency, row]));
    return CURRENCIES.flatMap((currency) => {
      const row = byCode.get(currency);
      if (!row) return [];
      return [
        {
          currency,
          perUsd: normaliseDecimal(row.per_usd),
          updatedAt: new Date(row.updated_at).toISOString(),
          updatedBy: row.updated_by,
        },
      ];
    });
  }

  /** Applies an appended ExchangeRatesSet (stream revision `revision`) to the rows it names. */
  async record(data: ExchangeRatesSetData, revision: bigint, context: CommandContext): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      for (const rate of data.rates) {
        await tx
          .insertInto('exchange_rates')
          .values({
            currency: rate.currency,
            per_usd: rate.perUsd,
            updated_at: context.now.toISOString(),
            updated_by: context.actor.name,
            revision: revision.toString(),
          })
          .onConflict((oc) =>
            oc
              .column('currency')
              .doUpdateSet((eb) => ({
                per_usd: eb.ref('excluded.per_usd'),
                updated_at: eb.ref('excluded.updated_at'),
                updated_by: eb.ref('excluded.updated_by'),
                revision: eb.ref('excluded.revision'),
              }))
              .where((eb) =>
                eb.or([
                  eb('exchange_rates.revision', 'is', null),
                  eb('exchange_rates.revision', '<', eb.ref('excluded.revision')),
                ]),
              ),
          )
          .execute();
      }
    });
  }
}
