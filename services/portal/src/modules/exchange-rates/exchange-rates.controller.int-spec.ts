import { testTimeZone } from '../../../test/dates';
import {
  addDays,
  authMessages,
  businessDateIn,
  EXCHANGE_RATES_STREAM,
  exchangeRateMessages,
} from '@portal/contracts';
import { startTestApp, testNow, type TestApp } from '../../../test/app-harness';
import { InMemoryStaffDirectory, testPerson } from '../../../test/in-memory-staff-directory';
import { EventStore } from '../../platform/event-store/event-store.port';
import { ratesMessages } from './domain/exchange-rates';
import { startRateProviderStub, type RateProviderStub } from './adapters/rate-provider-stub';

// The run's pinned "now"; a past day has its own rate date, today and later ask for the latest.
const NOW = testNow();
const TODAY = businessDateIn(new Date(NOW), testTimeZone());
const PAST = addDays(TODAY, -16);
const LATER = addDays(TODAY, 13);

const people = () =>
  new InMemoryStaffDirectory([
    testPerson(1, 'Ada Admin', { isAdmin: true }),
    testPerson(2, 'Carl Contractor'),
    testPerson(3, 'Sam Sightstream', { isAdmin: true, userType: 'sightstream' }),
    testPerson(4, 'Audrey Auditor', { isAuditor: true }),
  ]);

describe('exchange rates API, embedded table', () => {
  let t: TestApp;
  let admin: string;
  let contractor: string;
  beforeAll(async () => {
    t = await startTestApp({ staffDirectory: people() });
    admin = await t.signIn(1);
    contractor = await t.signIn(2);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/exchange-rates gives the rates per USD and the pair asked for, to anyone signed in', async () => {
    const res = await t.http('GET', `/api/exchange-rates?date=${PAST}&from=cad&to=%20usd`, {
      token: contractor,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      date: PAST,
      rateDate: PAST,
      source: 'embedded',
      editable: true,
      base: 'USD',
      rates: [
        { currency: 'USD', perUsd: '1' },
        { currency: 'CAD', perUsd: '1.3912' },
        { currency: 'EUR', perUsd: '0.9215' },
        { currency: 'INR', perUsd: '83.125' },
        { currency: 'GBP', perUsd: '0.7893' },
        { currency: 'AUD', perUsd: '1.5321' },
      ],
      conversion: { from: 'CAD', to: 'USD', rate: '0.71880391' },
    });
    const today = await t.http('GET', `/api/exchange-rates?date=${TODAY}`, { token: contractor });
    expect(today.body).toMatchObject({ rateDate: 'latest', conversion: null });
    expect((await t.http('GET', `/api/exchange-rates?date=${TODAY}`)).status).toBe(401);
  });

  it('GET answers 400 naming the field for a bad date or currency', async () => {
    const res = await t.http('GET', `/api/exchange-rates?date=${TODAY.slice(0, 4)}-02-30&from=JPY&to=USD`, {
      token: contractor,
    });
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([
      { path: 'date', message: exchangeRateMessages.dateInvalid },
      { path: 'from', message: exchangeRateMessages.currencyUnknown },
    ]);
    const missing = await t.http('GET', '/api/exchange-rates', { token: contractor });
    expect(missing.status).toBe(400);
    expect(missing.body.problems).toEqual([{ path: 'date', message: exchangeRateMessages.dateRequired }]);
  });

  it('PUT /api/admin/exchange-rates is refused to a non-admin, changing nothing', async () => {
    const res = await t.http('PUT', '/api/admin/exchange-rates', {
      token: contractor,
      body: { rates: [{ currency: 'CAD', perUsd: '2' }] },
    });
    expect(res.status).toBe(403);
    expect((await t.http('GET', '/api/admin/exchange-rates', { token: contractor })).status).toBe(403);
    expect(await t.app.get(EventStore).readStream(EXCHANGE_RATES_STREAM)).toEqual([]);
    const rates = await t.http('GET', `/api/exchange-rates?date=${TODAY}&from=USD&to=CAD`, {
      token: admin,
    });
    expect(rates.body.conversion.rate).toBe('1.3912');
  });

  it('an auditor reads the table, as the API document says, and changes nothing (issue 24)', async () => {
    const documented = await t.http('GET', '/api/openapi.json');
    const operation = documented.body.paths['/admin/exchange-rates'].get;
    expect(operation.description).toContain('auditors may read');
    const auditor = await t.signIn(4);
    const table = await t.http('GET', '/api/admin/exchange-rates', { token: auditor });
    expect(table.status).toBe(200);
    expect(table.body.map((r: { currency: string }) => r.currency)).toEqual(
      expect.arrayContaining(['USD', 'CAD', 'EUR']),
    );
    const put = await t.http('PUT', '/api/admin/exchange-rates', {
      token: auditor,
      body: { rates: [{ currency: 'CAD', perUsd: '2' }] },
    });
    expect(put.status).toBe(403);
    expect(await t.app.get(EventStore).readStream(EXCHANGE_RATES_STREAM)).toEqual([]);
    const refused = await t.http('GET', '/api/admin/exchange-rates', { token: contractor });
    expect(refused.body.message).toBe(authMessages.adminOnly);
  });

  it("PUT by a sightstream admin answers 403: the rates are the firm's, and nothing changes", async () => {
    const sightstreamAdmin = await t.signIn(3);
    const res = await t.http('PUT', '/api/admin/exchange-rates', {
      token: sightstreamAdmin,
      body: { rates: [{ currency: 'CAD', perUsd: '2' }] },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ratesMessages.firmOnly);
    expect(await t.app.get(EventStore).readStream(EXCHANGE_RATES_STREAM)).toEqual([]);
    // Reading stays open to them: the table and the rates an expense would use.
    const table = await t.http('GET', '/api/admin/exchange-rates', { token: sightstreamAdmin });
    expect(table.status).toBe(200);
    expect(table.body.find((r: { currency: string }) => r.currency === 'CAD')).toMatchObject({
      perUsd: '1.3912',
      updatedBy: 'seed',
    });
    const rates = await t.http('GET', `/api/exchange-rates?date=${TODAY}&from=USD&to=CAD`, {
      token: sightstreamAdmin,
    });
    expect(rates.body.conversion.rate).toBe('1.3912');
  });

  it('PUT answers 400 naming each bad field, changing nothing', async () => {
    const res = await t.http('PUT', '/api/admin/exchange-rates', {
      token: admin,
      body: {
        rates: [
          { currency: 'CAD', perUsd: '1.45' },
          { currency: 'XXX', perUsd: '-1' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([
      { path: 'rates.1.currency', message: exchangeRateMessages.currencyUnknown },
      { path: 'rates.1.perUsd', message: exchangeRateMessages.rateInvalid },
    ]);
    expect(await t.app.get(EventStore).readStream(EXCHANGE_RATES_STREAM)).toEqual([]);
    const table = await t.http('GET', '/api/admin/exchange-rates', { token: admin });
    expect(table.body.find((r: { currency: string }) => r.currency === 'CAD').perUsd).toBe('1.3912');
  });

  it('PUT refuses a rate past its range, sent as the JSON number 9007199254740993, changing nothing', async () => {
    const response = await fetch(`${t.baseUrl}/api/admin/exchange-rates`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: '{"rates":[{"currency":"CAD","perUsd":9007199254740993}]}',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { problems: unknown }).problems).toEqual([
      { path: 'rates.0.perUsd', message: exchangeRateMessages.rateTooLarge },
    ]);
    expect(await t.app.get(EventStore).readStream(EXCHANGE_RATES_STREAM)).toEqual([]);
  });

  it('PUT by an admin sets the rates, records who changed what, and GET shows the new rates', async () => {
    const res = await t.http('PUT', '/api/admin/exchange-rates', {
      token: admin,
      body: {
        rates: [
          { currency: 'cad', perUsd: '1.45' },
          { currency: 'INR', perUsd: 84 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.position).toMatch(/^\d+\/\d+$/);
    expect(res.body.rates).toContainEqual({
      currency: 'CAD',
      perUsd: '1.45',
      updatedAt: NOW,
      updatedBy: 'Ada Admin',
    });
    expect(res.body.rates).toContainEqual({
      currency: 'USD',
      perUsd: '1',
      updatedAt: expect.any(String),
      updatedBy: 'seed',
    });

    const events = await t.app.get(EventStore).readStream(EXCHANGE_RATES_STREAM);
    expect(events.map((e) => [e.type, e.data, e.metadata.actor])).toEqual([
      [
        'ExchangeRatesSet',
        {
          rates: [
            { currency: 'CAD', perUsd: '1.45' },
            { currency: 'INR', perUsd: '84' },
          ],
          previous: [
            { currency: 'CAD', perUsd: '1.3912' },
            { currency: 'INR', perUsd: '83.125' },
          ],
        },
        { id: '1', name: 'Ada Admin' },
      ],
    ]);

    const rates = await t.http('GET', `/api/exchange-rates?date=${TODAY}&from=CAD&to=INR`, {
      token: contractor,
    });
    expect(rates.body.conversion).toEqual({ from: 'CAD', to: 'INR', rate: '57.93103448' }); // 84 / 1.45
  });
});

describe('exchange rates API, HTTP provider', () => {
  let t: TestApp;
  let stub: RateProviderStub;
  beforeAll(async () => {
    stub = await startRateProviderStub({
      USD: `{"base":"USD","date":"${TODAY}","rates":{"CAD":1.3999,"EUR":"0.93"}}`,
      EUR: `{"base":"EUR","date":"${TODAY}","rates":{"CAD":"1.5052"}}`,
    });
    t = await startTestApp({ staffDirectory: people(), env: { EXCHANGE_RATES_URL: stub.url } });
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it("GET gives the provider's rates; unknown ones are null", async () => {
    const res = await t.http('GET', `/api/exchange-rates?date=${LATER}&from=eur&to=cad`, {
      token: await t.signIn(2),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rateDate: 'latest',
      source: 'provider',
      editable: false,
      rates: [
        { currency: 'USD', perUsd: '1' },
        { currency: 'CAD', perUsd: '1.3999' },
        { currency: 'EUR', perUsd: '0.93' },
        { currency: 'INR', perUsd: null },
        { currency: 'GBP', perUsd: null },
        { currency: 'AUD', perUsd: null },
      ],
      conversion: { from: 'EUR', to: 'CAD', rate: '1.5052' },
    });
    expect(stub.requests).toEqual(['/rates?base=USD', '/rates?base=EUR']);
  });

  it('PUT answers 409 saying the rates come from the provider', async () => {
    const res = await t.http('PUT', '/api/admin/exchange-rates', {
      token: await t.signIn(1),
      body: { rates: [{ currency: 'CAD', perUsd: '1.45' }] },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(exchangeRateMessages.providerConfigured);
    expect(await t.app.get(EventStore).readStream(EXCHANGE_RATES_STREAM)).toEqual([]);
  });
});
