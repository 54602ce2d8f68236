import { sql } from 'kysely';
import type { Database } from '../database';

/**
 * Exchange rates (the exchange-rates context, modules/exchange-rates).
 * - `exchange_rates`: the embedded default (no EXCHANGE_RATES_URL): units of each currency one USD
 *   buys, seeded with sample rates and edited by admins (each edit is also an `ExchangeRatesSet`
 *   event in the stream `exchange-rates`; `revision` is that event's stream revision, null = seed).
 * - `exchange_rate_cache`: the HTTP provider's answers, one row per base currency and day
 *   ('latest' is kept under the day it was fetched), so a day is fetched once.
 */
export async function up(db: Database): Promise<void> {
  await sql`
    create table exchange_rates (
      currency text primary key check (currency ~ '^[A-Z]{3}$'),
      per_usd numeric not null check (per_usd > 0),
      updated_at timestamptz not null default now(),
      updated_by text not null,
      revision bigint
    )`.execute(db);
  await sql`
    insert into exchange_rates (currency, per_usd, updated_by) values
      ('USD', 1, 'seed'),
      ('CAD', 1.3912, 'seed'),
      ('EUR', 0.9215, 'seed'),
      ('INR', 83.125, 'seed'),
      ('GBP', 0.7893, 'seed'),
      ('AUD', 1.5321, 'seed')`.execute(db);
  await sql`
    create table exchange_rate_cache (
      base text not null,
      date date not null,
      rates jsonb not null,
      fetched_at timestamptz not null,
      primary key (base, date)
    )`.execute(db);
}

export async function down(db: Database): Promise<void> {
  await sql`drop table exchange_rate_cache`.execute(db);
  await sql`drop table exchange_rates`.execute(db);
}
