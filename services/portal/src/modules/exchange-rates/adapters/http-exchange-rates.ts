import { Logger } from '@nestjs/common';
import { businessDateIn, DEFAULT_TIME_ZONE, rateDateFor, type Currency } from '@portal/contracts';
import type { Clock } from '../../../platform/clock/clock';
import { ExchangeRates } from './exchange-rates.port';
import type { Database } from '../../../platform/database/database';
import { exchangeRatesTables, type ExchangeRatesDb } from '../projections/rates-table';
import { parseProviderAnswer } from './provider-answer';
import { describeError, errorField } from '../../../platform/http/describe-error';

export interface HttpExchangeRatesOptions {
  /** EXCHANGE_RATES_URL; asked as `{url}?base=USD&date=2026-11-20`, or `{url}?base=USD` for the latest. */
  readonly url: string;
  readonly db: Database;
  readonly clock: Clock;
  /** The zone whose today decides 'latest' (PORTAL_TIME_ZONE; default America/Edmonton): rates are the firm's, not an owner's. */
  readonly timeZone?: string;
  /** Per request (default 5 s). */
  readonly timeoutMs?: number;
  /** Largest answer read (default 1 MB). */
  readonly maxAnswerBytes?: number;
  readonly logger?: Pick<Logger, 'warn'>;
}

type Rates = Readonly<Record<string, string>>;

/**
 * ExchangeRates from an HTTP provider, cached per base currency and day in PostgreSQL
 * (`exchange_rate_cache`): a day's rates are fetched once; 'latest' is kept under today's date.
 * A provider that is down, slow (timeout), or answers nonsense gives null and a logged warning,
 * never an error; nothing is cached then, so the next request asks again.
 */
export class HttpExchangeRates extends ExchangeRates {
  readonly source = 'provider' as const;
  private readonly timeoutMs: number;
  private readonly maxAnswerBytes: number;
  private readonly logger: Pick<Logger, 'warn'>;
  private readonly db: ExchangeRatesDb;
  /** One fetch per base and day at a time in this process; concurrent askers share it. */
  private readonly inFlight = new Map<string, Promise<Rates | null>>();

  constructor(private readonly options: HttpExchangeRatesOptions) {
    super();
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.maxAnswerBytes = options.maxAnswerBytes ?? 1_000_000;
    this.logger = options.logger ?? new Logger('ExchangeRates');
    this.db = exchangeRatesTables(options.db);
  }

  protected async lookUp(from: Currency, to: Currency, date: string): Promise<string | null> {
    const today = businessDateIn(this.options.clock.now(), this.options.timeZone ?? DEFAULT_TIME_ZONE);
    const rateDate = rateDateFor(date, today);
    const day = rateDate === 'latest' ? today : rateDate;
    const rates = await this.ratesOf(from, day, rateDate === 'latest');
    return rates?.[to] ?? null;
  }

  private ratesOf(base: Currency, day: string, latest: boolean): Promise<Rates | null> {
    const key = `${base}/${day}/${latest}`;
    const running = this.inFlight.get(key);
    if (running) return running;
    const work = this.load(base, day, latest).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  private async load(base: Currency, day: string, latest: boolean): Promise<Rates | null> {
    try {
      const cached = await this.readCache(base, day);
      if (cached) return cached;
    } catch (error) {
      this.logger.warn(`Exchange-rate cache unreadable for ${base} on ${day}: ${describeError(error)}`);
    }
    const fetched = await this.fetchRates(base, latest ? null : day);
    if (!fetched) return null;
    try {
      await this.writeCache(base, day, fetched);
    } catch (error) {
      this.logger.warn(`Exchange rates for ${base} on ${day} not cached: ${describeError(error)}`);
    }
    return fetched;
  }

  private async readCache(base: Currency, day: string): Promise<Rates | null> {
    const row = await this.db
      .selectFrom('exchange_rate_cache')
      .select('rates')
      .where('base', '=', base)
      .where('date', '=', day)
      .executeTakeFirst();
    if (!row) return null;
    const stored: unknown = typeof row.rates === 'string' ? JSON.parse(row.rates) : row.rates;
    const rates: Record<string, string> = {};
    if (typeof stored !== 'object' || stored === null) return rates;
    for (const [code, value] of Object.entries(stored)) {
      if (typeof value === 'string') rates[code] = value;
    }
    return rates;
  }

  private async writeCache(base: Currency, day: string, rates: Rates): Promise<void> {
    const fetchedAt = this.options.clock.now().toISOString();
    await this.db
      .insertInto('exchange_rate_cache')
      .values({ base, date: day, rates: JSON.stringify(rates), fetched_at: fetchedAt })
      .onConflict((oc) =>
        oc.columns(['base', 'date']).doUpdateSet((eb) => ({
          rates: eb.ref('excluded.rates'),
          fetched_at: eb.ref('excluded.fetched_at'),
        })),
      )
      .execute();
  }

  /** null (and a warning) when the provider cannot give the rates. */
  private async fetchRates(base: Currency, day: string | null): Promise<Rates | null> {
    const url = new URL(this.options.url);
    url.searchParams.set('base', base);
    if (day) url.searchParams.set('date', day);
    const what = `${base} ${day ?? 'latest'}`;
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        this.logger.warn(`Exchange-rate provider answered ${response.status} for ${what}`);
        return null;
      }
      const declared = Number(response.headers.get('content-length') ?? '0');
      if (declared > this.maxAnswerBytes) {
        await response.body?.cancel();
        this.logger.warn(`Exchange-rate provider answer for ${what} is too large (${declared} bytes)`);
        return null;
      }
      const text = await response.text();
      if (text.length > this.maxAnswerBytes) {
        this.logger.warn(`Exchange-rate provider answer for ${what} is too large`);
        return null;
      }
      return parseProviderAnswer(text, base).rates;
    } catch (error) {
      const reason =
        errorField(error, 'name') === 'TimeoutError'
          ? `no answer within ${this.timeoutMs} ms`
          : describeError(error);
      this.logger.warn(`Exchange-rate provider failed for ${what}: ${reason}`);
      return null;
    }
  }
}
