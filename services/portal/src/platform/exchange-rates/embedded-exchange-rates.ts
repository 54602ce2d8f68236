import {
  CURRENCIES,
  EXCHANGE_RATES_STREAM,
  crossRate,
  isKnownCurrency,
  normaliseDecimal,
  type Currency,
  type ExchangeRateRow,
  type ExchangeRatesSetData,
} from '@portal/contracts';
import { sql } from 'kysely';
import type { Database } from '../database/database';
import { deriveEventId, eventMetadata, type CommandContext } from '../event-store/command-context';
import { CONCURRENT_CHANGE_MESSAGE } from '../event-store/decider';
import { EventIdConflictError } from '../event-store/event-id-conflict.error';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type LogPosition,
} from '../event-store/event-store.port';
import { DomainError } from '../../kernel/domain-error';
import { ExchangeRates } from './exchange-rates.port';

export const EXCHANGE_RATES_SET = 'ExchangeRatesSet';

export interface RatesChange {
  readonly rates: readonly { readonly currency: Currency; readonly perUsd: string }[];
}

export interface RatesChangeOutcome {
  readonly rates: ExchangeRateRow[];
  /** Position of the ExchangeRatesSet event; null when nothing changed (no event). */
  readonly position: LogPosition | null;
}

/**
 * The embedded default: the `exchange_rates` table (units of each currency one USD buys), seeded
 * by the migration and edited by admins. Cross rates go through USD (`crossRate`, 8 decimals).
 * The table holds only the current rates, so every date gets them (there is no history to look
 * a past day up in).
 *
 * An edit is recorded as an `ExchangeRatesSet` event {rates, previous} in the stream
 * `exchange-rates` (who and when are in its metadata), then written to the table. The append
 * states the stream revision it read (a concurrent edit elsewhere answers 409), and each row
 * remembers the revision that set it, so a late writer never overwrites a newer rate.
 */
export class EmbeddedExchangeRates extends ExchangeRates {
  readonly source = 'embedded' as const;
  /** Edits in this process run one at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly store: EventStore,
  ) {
    super();
  }

  protected async lookUp(from: Currency, to: Currency): Promise<string | null> {
    const perUsd = await this.perUsd();
    return crossRate(perUsd.get(from), perUsd.get(to));
  }

  /** The table, in CURRENCIES order. */
  async current(): Promise<ExchangeRateRow[]> {
    const { rows } = await sql<{
      currency: string;
      per_usd: string;
      updated_at: Date | string;
      updated_by: string;
    }>`
      select currency, per_usd::text as per_usd, updated_at, updated_by from exchange_rates`.execute(this.db);
    const byCode = new Map(rows.map((row) => [row.currency, row]));
    return CURRENCIES.filter((code) => byCode.has(code)).map((currency) => {
      const row = byCode.get(currency)!;
      return {
        currency,
        perUsd: normaliseDecimal(row.per_usd),
        updatedAt: new Date(row.updated_at).toISOString(),
        updatedBy: row.updated_by,
      };
    });
  }

  /** Sets the listed currencies (validated by `exchangeRatesUpdateSchema`); others stay. */
  setRates(change: RatesChange, command: CommandContext): Promise<RatesChangeOutcome> {
    const run = this.queue.then(() => this.apply(change, command));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async apply(change: RatesChange, command: CommandContext): Promise<RatesChangeOutcome> {
    for (const { currency } of change.rates) {
      if (!isKnownCurrency(currency)) throw new RangeError(`Unknown currency ${currency}`);
    }
    const recorded = await this.store.readStream(EXCHANGE_RATES_STREAM);
    const last = recorded[recorded.length - 1];
    const before = await this.perUsd();
    const changed = change.rates.filter((r) => before.get(r.currency) !== normaliseDecimal(r.perUsd));
    if (changed.length === 0) return { rates: await this.current(), position: null };

    const data: ExchangeRatesSetData = {
      rates: changed.map((r) => ({ currency: r.currency, perUsd: normaliseDecimal(r.perUsd) })),
      previous: changed.map((r) => ({ currency: r.currency, perUsd: before.get(r.currency) ?? null })),
    };
    let appended;
    try {
      appended = await this.store.append(
        EXCHANGE_RATES_STREAM,
        [
          {
            id: deriveEventId(command.commandId, EXCHANGE_RATES_STREAM, 0),
            type: EXCHANGE_RATES_SET,
            data,
            metadata: eventMetadata(command),
          },
        ],
        last ? last.revision : 'no_stream',
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError || error instanceof EventIdConflictError) {
        throw DomainError.conflict(CONCURRENT_CHANGE_MESSAGE);
      }
      throw error;
    }

    const revision = appended.nextExpectedRevision.toString();
    await this.db.transaction().execute(async (tx) => {
      for (const rate of data.rates) {
        await sql`
          insert into exchange_rates (currency, per_usd, updated_at, updated_by, revision)
          values (${rate.currency}, ${rate.perUsd}::numeric, ${command.now.toISOString()}::timestamptz,
                  ${command.actor.name}, ${revision}::bigint)
          on conflict (currency) do update set
            per_usd = excluded.per_usd, updated_at = excluded.updated_at,
            updated_by = excluded.updated_by, revision = excluded.revision
          where exchange_rates.revision is null or exchange_rates.revision < excluded.revision`.execute(tx);
      }
    });
    return { rates: await this.current(), position: appended.position };
  }

  private async perUsd(): Promise<Map<string, string>> {
    const { rows } = await sql<{ currency: string; per_usd: string }>`
      select currency, per_usd::text as per_usd from exchange_rates`.execute(this.db);
    return new Map(rows.map((row) => [row.currency, normaliseDecimal(row.per_usd)]));
  }
}
