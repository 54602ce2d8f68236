// Fixed dates: the adapter's clock at the file's own instant (NOW) and the provider's answers for given days.
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../../test/services';
import { FixedClock } from '../../../platform/clock/clock';
import { describeExchangeRatesContract } from './exchange-rates.contract';
import { HttpExchangeRates } from './http-exchange-rates';
import { startRateProviderStub, type RateProviderStub } from './rate-provider-stub';

// Today is Wednesday 2026-11-18 (UTC).
const NOW = '2026-11-18T15:00:00.000Z';

const ANSWERS: Record<string, string> = {
  // Latest: numbers and strings mixed, as providers do.
  USD: '{"base":"USD","date":"2026-11-18","rates":{"CAD":1.3912,"EUR":"0.9215","INR":83.125,"GBP":0.7893,"AUD":"1.5321"}}',
  CAD: '{"base":"CAD","date":"2026-11-18","rates":{"USD":"0.7188","EUR":0.6624}}',
  // A past day, and a precision a float cannot hold.
  'USD@2026-11-16': '{"base":"USD","date":"2026-11-16","rates":{"CAD":1.3850,"INR":83.12345678901234567890}}',
  'USD@2026-11-17': '{"base":"USD","date":"2026-11-17","rates":{"CAD":"1.3877"}}',
};

describeExchangeRatesContract('HTTP provider', async () => {
  const database = await createTestDatabase(2);
  const stub = await startRateProviderStub(ANSWERS);
  return {
    rates: new HttpExchangeRates({ url: stub.url, db: database.db, clock: new FixedClock(new Date(NOW)) }),
    date: '2026-11-18',
    usdToCad: '1.3912',
    dispose: async () => {
      await stub.close();
      await database.drop();
    },
  };
});

describe('HttpExchangeRates', () => {
  let database: TestDatabase;
  let stub: RateProviderStub;
  let clock: FixedClock;
  let warnings: string[];
  const adapter = (timeoutMs = 2000) =>
    new HttpExchangeRates({
      url: stub.url,
      db: database.db,
      clock,
      timeoutMs,
      logger: { warn: (message: unknown) => void warnings.push(String(message)) },
    });

  beforeAll(async () => {
    database = await createTestDatabase(2);
    stub = await startRateProviderStub(ANSWERS);
  });
  afterAll(async () => {
    await stub?.close();
    await database?.drop();
  });
  beforeEach(async () => {
    await sql`delete from exchange_rate_cache`.execute(database.db);
    stub.requests.length = 0;
    stub.mode = 'ok';
    clock = new FixedClock(new Date(NOW));
    warnings = [];
  });

  it('uses the day of an expense dated before today, and the latest otherwise', async () => {
    const rates = adapter();
    expect(await rates.rateFor('USD', 'CAD', '2026-11-16')).toBe('1.385');
    expect(await rates.rateFor('USD', 'CAD', '2026-11-17')).toBe('1.3877');
    expect(await rates.rateFor('USD', 'CAD', '2026-11-18')).toBe('1.3912');
    expect(await rates.rateFor('USD', 'CAD', '2026-12-24')).toBe('1.3912');
    expect(stub.requests).toEqual([
      '/rates?base=USD&date=2026-11-16',
      '/rates?base=USD&date=2026-11-17',
      '/rates?base=USD',
    ]);
  });

  it('asks with the receipt currency as base and keeps every digit of the answer', async () => {
    const rates = adapter();
    expect(await rates.rateFor('cad', ' usd', '2026-11-18')).toBe('0.7188');
    expect(await rates.rateFor('USD', 'INR', '2026-11-16')).toBe('83.1234567890123456789');
    expect(stub.requests).toEqual(['/rates?base=CAD', '/rates?base=USD&date=2026-11-16']);
  });

  it("caches a day's rates in PostgreSQL: the provider is asked once per base and day", async () => {
    const rates = adapter();
    expect(await rates.rateFor('USD', 'CAD', '2026-11-16')).toBe('1.385');
    expect(await rates.rateFor('USD', 'CAD', '2026-11-16')).toBe('1.385');
    expect(await rates.rateFor('USD', 'INR', '2026-11-16')).toBe('83.1234567890123456789');
    // Another process (a new adapter on the same database) finds the cache too.
    expect(await adapter().rateFor('USD', 'CAD', '2026-11-16')).toBe('1.385');
    expect(stub.requests).toEqual(['/rates?base=USD&date=2026-11-16']);

    const { rows } = await sql<{ base: string; date: string; rates: Record<string, string> }>`
      select base, to_char(date, 'YYYY-MM-DD') as date, rates from exchange_rate_cache`.execute(database.db);
    expect(rows).toEqual([
      { base: 'USD', date: '2026-11-16', rates: { CAD: '1.385', INR: '83.1234567890123456789' } },
    ]);
  });

  it('asks once for concurrent requests of the same day', async () => {
    const rates = adapter();
    const answers = await Promise.all(
      ['CAD', 'EUR', 'GBP', 'AUD'].map((to) => rates.rateFor('USD', to, '2026-11-18')),
    );
    expect(answers).toEqual(['1.3912', '0.9215', '0.7893', '1.5321']);
    expect(stub.requests).toEqual(['/rates?base=USD']);
  });

  it('keeps the latest rates under the current day; the next day asks again', async () => {
    const rates = adapter();
    expect(await rates.rateFor('USD', 'CAD', '2026-11-18')).toBe('1.3912');
    expect(await rates.rateFor('USD', 'CAD', '2026-11-30')).toBe('1.3912');
    expect(stub.requests).toEqual(['/rates?base=USD']);

    clock.set(new Date('2026-11-19T08:00:00.000Z'));
    expect(await rates.rateFor('USD', 'CAD', '2026-11-19')).toBe('1.3912');
    expect(stub.requests).toEqual(['/rates?base=USD', '/rates?base=USD']);
    // 2026-11-18 is now a past day: the rates kept for it answer without asking.
    expect(await rates.rateFor('USD', 'CAD', '2026-11-18')).toBe('1.3912');
    expect(stub.requests).toHaveLength(2);

    const { rows } = await sql<{ date: string }>`
      select to_char(date, 'YYYY-MM-DD') as date from exchange_rate_cache order by date`.execute(database.db);
    expect(rows.map((r) => r.date)).toEqual(['2026-11-18', '2026-11-19']);
  });

  it('gives null for a currency the provider does not quote', async () => {
    expect(await adapter().rateFor('USD', 'GBP', '2026-11-16')).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('gives null and logs a warning when the provider answers an error; nothing is cached', async () => {
    stub.mode = 'error';
    const rates = adapter();
    expect(await rates.rateFor('USD', 'CAD', '2026-11-16')).toBeNull();
    expect(warnings).toEqual(['Exchange-rate provider answered 503 for USD 2026-11-16']);

    stub.mode = 'ok';
    expect(await rates.rateFor('USD', 'CAD', '2026-11-16')).toBe('1.385');
    expect(stub.requests).toHaveLength(2);
  });

  it('gives null and logs a warning when the answer is not rates', async () => {
    stub.mode = 'garbage';
    expect(await adapter().rateFor('USD', 'CAD', '2026-11-18')).toBeNull();
    expect(warnings).toEqual(['Exchange-rate provider failed for USD latest: the answer is not JSON']);
    stub.mode = 'ok';
    expect(await adapter().rateFor('USD', 'CAD', '2026-11-01')).toBeNull(); // 404 for an unknown day
    expect(warnings[1]).toBe('Exchange-rate provider answered 404 for USD 2026-11-01');
    const { rows } = await sql`select 1 from exchange_rate_cache`.execute(database.db);
    expect(rows).toHaveLength(0);
  });

  it('gives null and logs a warning when the provider does not answer in time', async () => {
    stub.mode = 'hang';
    const started = Date.now();
    expect(await adapter(300).rateFor('USD', 'CAD', '2026-11-18')).toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(warnings).toEqual(['Exchange-rate provider failed for USD latest: no answer within 300 ms']);
  });

  it('gives null and logs a warning when nothing listens at the URL', async () => {
    const down = await startRateProviderStub(ANSWERS);
    await down.close();
    const rates = new HttpExchangeRates({
      url: down.url,
      db: database.db,
      clock,
      logger: { warn: (message: unknown) => void warnings.push(String(message)) },
    });
    expect(await rates.rateFor('USD', 'CAD', '2026-11-18')).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^Exchange-rate provider failed for USD latest: fetch failed \(.*ECONNREFUSED/,
    );
  });
});
