import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ExchangeRates } from './exchange-rates.port';

/**
 * The behaviour every ExchangeRates adapter must have. Each adapter's integration test calls this
 * with a factory whose adapter knows USD -> CAD as `usdToCad` on `date`.
 */
export interface ExchangeRatesUnderTest {
  readonly rates: ExchangeRates;
  /** A business date the adapter has rates for. */
  readonly date: string;
  /** The exact rate the adapter must give for USD -> CAD on that date. */
  readonly usdToCad: string;
  dispose(): Promise<void>;
}

const DECIMAL = /^\d+(\.\d+)?$/;

export function describeExchangeRatesContract(
  name: string,
  setup: () => Promise<ExchangeRatesUnderTest>,
): void {
  describe(`ExchangeRates contract: ${name}`, () => {
    let subject: ExchangeRatesUnderTest;
    beforeAll(async () => {
      subject = await setup();
    });
    afterAll(async () => {
      await subject?.dispose();
    });

    it('gives 1 for the same currency, whatever its spelling', async () => {
      const { rates, date } = subject;
      expect(await rates.rateFor('USD', 'USD', date)).toBe('1');
      expect(await rates.rateFor(' cad ', 'CAD', date)).toBe('1');
      expect(await rates.rateFor('eur', 'Eur', date)).toBe('1');
    });

    it('gives null for an unknown or missing currency', async () => {
      const { rates, date } = subject;
      expect(await rates.rateFor('XYZ', 'USD', date)).toBeNull();
      expect(await rates.rateFor('USD', 'JPY', date)).toBeNull();
      expect(await rates.rateFor('', 'USD', date)).toBeNull();
      expect(await rates.rateFor('USD', '   ', date)).toBeNull();
      expect(await rates.rateFor('XYZ', 'XYZ', date)).toBeNull();
    });

    it('gives a known pair as an exact decimal string', async () => {
      const { rates, date, usdToCad } = subject;
      const rate = await rates.rateFor('USD', 'CAD', date);
      expect(rate).toBe(usdToCad);
      expect(rate).toMatch(DECIMAL);
      const back = await rates.rateFor('CAD', 'USD', date);
      expect(back).toMatch(DECIMAL);
      expect(Number(back)).toBeGreaterThan(0);
    });

    it('trims and upper-cases codes before looking them up', async () => {
      const { rates, date, usdToCad } = subject;
      expect(await rates.rateFor(' usd', 'cad ', date)).toBe(usdToCad);
      expect(await rates.rateFor('Cad', ' uSd ', date)).toBe(await rates.rateFor('CAD', 'USD', date));
    });
  });
}
