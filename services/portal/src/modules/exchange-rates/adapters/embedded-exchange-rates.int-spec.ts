// Fixed dates: rates of given days, set by commands at their own instant.
import { EXCHANGE_RATES_STREAM } from '@portal/contracts';
import { createTestDatabase, type TestDatabase } from '../../../../test/services';
import { DomainError } from '../../../kernel/domain-error';
import { SYSTEM_PRINCIPAL } from '../../../platform/cqrs';
import { openDatabase } from '../../../platform/database/database';
import { migrateToLatest } from '../../../platform/database/migrate';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { PostgresEventStore } from '../../../platform/event-store/postgres-event-store';
import {
  SetExchangeRates,
  SetExchangeRatesHandler,
  type RatesChangeOutcome,
} from '../commands/set-exchange-rates';
import { RatesTable } from '../projections/rates-table';
import { EmbeddedExchangeRates } from './embedded-exchange-rates';
import { describeExchangeRatesContract } from './exchange-rates.contract';

describeExchangeRatesContract('embedded table (PostgreSQL)', async () => {
  const database = await createTestDatabase(2);
  return {
    rates: new EmbeddedExchangeRates(new RatesTable(database.db)),
    date: '2026-11-18',
    usdToCad: '1.3912',
    dispose: () => database.drop(),
  };
});

describeExchangeRatesContract('embedded table (PGlite)', async () => {
  const handle = await openDatabase({ databaseUrl: undefined, dataDir: '', inMemory: true });
  await migrateToLatest(handle.db);
  return {
    rates: new EmbeddedExchangeRates(new RatesTable(handle.db)),
    date: '2020-01-01',
    usdToCad: '1.3912',
    dispose: () => handle.close(),
  };
});

function command(commandId: string, now = '2026-11-18T15:00:00.000Z'): CommandContext {
  return {
    actor: { id: '1', name: 'Ada Admin' },
    commandId,
    correlationId: commandId,
    causationId: null,
    now: new Date(now),
  };
}

/** An admin's change through the command handler (one handler per process). */
class RatesEditor {
  private readonly handler: SetExchangeRatesHandler;
  constructor(
    readonly rates: EmbeddedExchangeRates,
    store: PostgresEventStore,
  ) {
    this.handler = new SetExchangeRatesHandler(rates, rates.table, store);
  }

  current() {
    return this.rates.table.current();
  }

  rateFor(from: string, to: string, date: string) {
    return this.rates.rateFor(from, to, date);
  }

  setRates(change: Pick<SetExchangeRates, 'rates'>, context: CommandContext): Promise<RatesChangeOutcome> {
    const principal = { ...SYSTEM_PRINCIPAL, staffId: 1, name: context.actor.name };
    return this.handler.execute(new SetExchangeRates({ principal, context }, change.rates));
  }
}

describe('EmbeddedExchangeRates and SetExchangeRates', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let rates: RatesEditor;
  const editor = () => new RatesEditor(new EmbeddedExchangeRates(new RatesTable(database.db)), store);
  beforeAll(async () => {
    database = await createTestDatabase(2);
    store = new PostgresEventStore(database.db, { pollIntervalMs: 25 });
    rates = editor();
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('starts with the seeded sample rates and crosses them through USD to 8 decimals', async () => {
    expect((await rates.current()).map((r) => [r.currency, r.perUsd, r.updatedBy])).toEqual([
      ['USD', '1', 'seed'],
      ['CAD', '1.3912', 'seed'],
      ['EUR', '0.9215', 'seed'],
      ['INR', '83.125', 'seed'],
      ['GBP', '0.7893', 'seed'],
      ['AUD', '1.5321', 'seed'],
    ]);
    expect(await rates.rateFor('CAD', 'USD', '2026-11-18')).toBe('0.71880391');
    expect(await rates.rateFor('CAD', 'EUR', '2026-11-18')).toBe('0.6623778');
    expect(await rates.rateFor('INR', 'GBP', '2026-11-18')).toBe('0.00949534'); // 0.0094953383...
    expect(await rates.rateFor('GBP', 'INR', '2026-11-18')).toBe('105.31483593'); // 105.3148359306...
  });

  it("records an admin's change as ExchangeRatesSet {rates, previous} and updates the table", async () => {
    const outcome = await rates.setRates(
      {
        rates: [
          { currency: 'CAD', perUsd: '1.4' },
          { currency: 'EUR', perUsd: '0.9215' }, // unchanged: not in the event
        ],
      },
      command('6f1c1a52-5f0e-4b43-9d6c-0c3b9f6a1a01'),
    );
    expect(outcome.position).not.toBeNull();
    expect(outcome.rates.find((r) => r.currency === 'CAD')).toEqual({
      currency: 'CAD',
      perUsd: '1.4',
      updatedAt: '2026-11-18T15:00:00.000Z',
      updatedBy: 'Ada Admin',
    });
    expect(outcome.rates.find((r) => r.currency === 'EUR')?.updatedBy).toBe('seed');
    expect(await rates.rateFor('USD', 'CAD', '2026-11-18')).toBe('1.4');
    expect(await rates.rateFor('CAD', 'USD', '2026-11-18')).toBe('0.71428571');

    const events = await store.readStream(EXCHANGE_RATES_STREAM);
    expect(events).toHaveLength(1);
    expect(events[0].type).toBe('ExchangeRatesSet');
    expect(events[0].data).toEqual({
      rates: [{ currency: 'CAD', perUsd: '1.4' }],
      previous: [{ currency: 'CAD', perUsd: '1.3912' }],
    });
    expect(events[0].metadata.actor).toEqual({ id: '1', name: 'Ada Admin' });
  });

  it('appends nothing when nothing changes', async () => {
    const before = await store.readStream(EXCHANGE_RATES_STREAM);
    const outcome = await rates.setRates(
      { rates: [{ currency: 'CAD', perUsd: '1.40' }] },
      command('6f1c1a52-5f0e-4b43-9d6c-0c3b9f6a1a02'),
    );
    expect(outcome.position).toBeNull();
    expect(await store.readStream(EXCHANGE_RATES_STREAM)).toHaveLength(before.length);
  });

  it('serialises concurrent edits: each event records what the one before left', async () => {
    const [a, b] = await Promise.all([
      rates.setRates(
        { rates: [{ currency: 'GBP', perUsd: '0.8' }] },
        command('6f1c1a52-5f0e-4b43-9d6c-0c3b9f6a1a03'),
      ),
      rates.setRates(
        { rates: [{ currency: 'GBP', perUsd: '0.81' }] },
        command('6f1c1a52-5f0e-4b43-9d6c-0c3b9f6a1a04'),
      ),
    ]);
    expect(a.position).not.toBeNull();
    expect(b.position).not.toBeNull();
    const events = await store.readStream(EXCHANGE_RATES_STREAM);
    expect(events.slice(-2).map((e) => e.data)).toEqual([
      { rates: [{ currency: 'GBP', perUsd: '0.8' }], previous: [{ currency: 'GBP', perUsd: '0.7893' }] },
      { rates: [{ currency: 'GBP', perUsd: '0.81' }], previous: [{ currency: 'GBP', perUsd: '0.8' }] },
    ]);
    expect(await rates.rateFor('USD', 'GBP', '2026-11-18')).toBe('0.81');
  });

  it('answers 409 (conflict) when another process appended in between, changing nothing', async () => {
    const other = editor();
    const events = await store.readStream(EXCHANGE_RATES_STREAM);
    // Simulate the race: the stream moves on after this edit read it.
    const readStream = store.readStream.bind(store);
    const spy = jest.spyOn(store, 'readStream').mockImplementationOnce(async (id) => {
      const seen = await readStream(id);
      await other.setRates(
        { rates: [{ currency: 'AUD', perUsd: '1.6' }] },
        command('6f1c1a52-5f0e-4b43-9d6c-0c3b9f6a1a05'),
      );
      return seen;
    });
    const refused = rates.setRates(
      { rates: [{ currency: 'AUD', perUsd: '1.7' }] },
      command('6f1c1a52-5f0e-4b43-9d6c-0c3b9f6a1a06'),
    );
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ code: 'conflict' });
    spy.mockRestore();
    expect(await store.readStream(EXCHANGE_RATES_STREAM)).toHaveLength(events.length + 1);
    expect(await rates.rateFor('USD', 'AUD', '2026-11-18')).toBe('1.6');
  });
});
