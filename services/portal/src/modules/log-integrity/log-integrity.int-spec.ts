// Fixed dates: the apps run at the file's own instant.
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { InMemoryStaffDirectory, testPerson } from '../../../test/in-memory-staff-directory';
import { testEvent } from '../../../test/waiting';
import { EventStore } from '../../platform/event-store/event-store.port';
import { EsdbGrpcDouble } from '../../platform/event-store/testing/esdb-grpc-double';

describe('GET /api/audit/verify', () => {
  let t: TestApp;
  let admin: string;
  let contractor: string;
  let auditor: string;
  beforeAll(async () => {
    t = await startTestApp({
      now: '2026-03-02T10:00:00.000Z',
      staffDirectory: new InMemoryStaffDirectory([
        testPerson(1, 'Ada Admin', { isAdmin: true }),
        testPerson(2, 'Carl Contractor'),
        testPerson(3, 'Audrey Auditor', { isAuditor: true }),
      ]),
    });
    admin = await t.signIn(1);
    contractor = await t.signIn(2);
    auditor = await t.signIn(3);
  });
  afterAll(() => t?.close());

  it('refuses anyone but an admin or an auditor with 403', async () => {
    const res = await t.http('GET', '/api/audit/verify', { token: contractor });
    expect(res.status).toBe(403);
  });

  it('lets an auditor run the check', async () => {
    const res = await t.http('GET', '/api/audit/verify', { token: auditor });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
  });

  it('answers ok for an intact log, then names the row edited by SQL', async () => {
    const store = t.app.get(EventStore);
    await store.append(
      'verify-api-1',
      [testEvent('A', { amount: '1.00' }), testEvent('B', { amount: '2.00' })],
      'no_stream',
    );

    const intact = await t.http('GET', '/api/audit/verify', { token: admin });
    expect(intact.status).toBe(200);
    expect(intact.body.ok).toBe(true);
    expect(intact.body.firstBroken).toBeNull();
    expect(intact.body.checkedEvents).toBeGreaterThanOrEqual(2);

    await sql`update events set data = jsonb_set(data, '{amount}', '"5.00"')
              where stream_id = 'verify-api-1' and revision = 1`.execute(t.db.db);
    const tampered = await t.http('GET', '/api/audit/verify', { token: admin });
    expect(tampered.status).toBe(200);
    expect(tampered.body).toMatchObject({
      ok: false,
      firstBroken: { streamId: 'verify-api-1', revision: '1', problem: 'content-changed' },
    });
  });
});

describe('GET /api/audit/verify on EventStoreDB (EVENTSTORE_URL, the gRPC double)', () => {
  let double: EsdbGrpcDouble;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    double = await EsdbGrpcDouble.start();
    t = await startTestApp({
      now: '2026-03-02T10:00:00.000Z',
      env: { EVENTSTORE_URL: double.connectionString },
      staffDirectory: new InMemoryStaffDirectory([testPerson(1, 'Ada Admin', { isAdmin: true })]),
    });
    admin = await t.signIn(1);
  });
  afterAll(async () => {
    await t?.close();
    await double?.stop();
  });

  it('answers ok for an intact log, then names the event edited on the server', async () => {
    const store = t.app.get(EventStore);
    await store.append(
      'verify-esdb-1',
      [testEvent('A', { amount: '1.00' }), testEvent('B', { amount: '2.00' })],
      'no_stream',
    );

    const intact = await t.http('GET', '/api/audit/verify', { token: admin });
    expect(intact.status).toBe(200);
    expect(intact.body).toMatchObject({ ok: true, firstBroken: null });
    expect(intact.body.checkedEvents).toBeGreaterThanOrEqual(2);

    double.tamper('verify-esdb-1', 1n, { amount: '5.00' });
    const tampered = await t.http('GET', '/api/audit/verify', { token: admin });
    expect(tampered.status).toBe(200);
    expect(tampered.body).toMatchObject({
      ok: false,
      firstBroken: { streamId: 'verify-esdb-1', revision: '1', problem: 'content-changed' },
    });
  });
});
