import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { eventCount } from '../../../test/event-log';
import { startAppOnGraph } from '../../../test/graph-app';
import { graphUser, type GraphStandIn } from '../../../test/graph-stand-in';
import { InMemoryStaffDirectory, testPerson } from '../../../test/in-memory-staff-directory';
import { Clock } from '../../platform/clock/clock';
import type { PortalConfig } from '../../platform/config/config';
import { PORTAL_CONFIG } from '../../platform/config/config.provider';
import { Directory } from '../../platform/directory/directory.port';
import { GraphDirectory } from '../../platform/directory/graph-directory';

const ALICE = 1; // admin of every owner
const CARLOS = 3; // not an admin; carlos.contractor@smartwork.example
const SOFIA = 9; // sightstream admin
const DEMO_PEOPLE = 10;
const FIRM = 1_150; // smartwork.example
const SISTER = 50; // sightstream.example
const OTHERS = 10; // another domain: ignored

const byNumber = (n: number) => graphUser(n).id;

/**
 * Directory sync against the Graph stand-in (a real HTTP server) on real PostgreSQL, on the demo
 * data: the first run of 1,200 people, a run with nothing new, the changes between runs, throttling
 * and 5xx, and a page failing for good. Retries back off 10 ms here (1 s in the portal).
 */
describe('Directory sync: POST /api/admin/directory-sync', () => {
  let graph: GraphStandIn;
  let t: TestApp;
  const tokens: Record<number, string> = {};

  beforeAll(async () => {
    ({ graph, t } = await startAppOnGraph(
      {
        pageSize: 100,
        users: [
          ...Array.from({ length: FIRM }, (_, i) => graphUser(i + 1)),
          ...Array.from({ length: SISTER }, (_, i) => graphUser(FIRM + i + 1, 'sightstream.example')),
          ...Array.from({ length: OTHERS }, (_, i) => graphUser(5_000 + i, 'elsewhere.example')),
          {
            ...graphUser(9_000),
            userPrincipalName: 'carlos.contractor@smartwork.example',
            jobTitle: 'Engineer',
          },
        ],
      },
      {
        seedDemo: true,
        override: (builder) =>
          builder.overrideProvider(Directory).useFactory({
            factory: (config: PortalConfig, clock: Clock) =>
              new GraphDirectory({ config: config.graph!, clock, retry: { backoffMs: 10 } }),
            inject: [PORTAL_CONFIG, Clock],
          }),
      },
    ));
    for (const id of [ALICE, CARLOS, SOFIA]) tokens[id] = await t.signIn(id);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await graph?.close();
  });

  const sync = (correlation = `run-${Math.random().toString(36).slice(2)}`) =>
    t.http('POST', '/api/admin/directory-sync', {
      token: tokens[ALICE],
      headers: { 'x-correlation-id': correlation },
    });
  const runs = async () =>
    (
      await sql<{ data: { deltaLink: string } }>`
        select data from events where stream_id = 'directory-sync' order by position`.execute(t.db.db)
    ).rows;
  const staffIdOf = async (n: number) =>
    (
      await sql<{ staff_id: number }>`
        select staff_id from rm_staff.staff where username = ${graphUser(n).userPrincipalName}`.execute(
        t.db.db,
      )
    ).rows[0]?.staff_id;
  const registrations = async () =>
    Number(
      (
        await sql<{ n: string }>`
          select count(*) as n from events where type = 'StaffMemberRegistered'
          and metadata->'actor'->>'id' = 'directory-sync'`.execute(t.db.db)
      ).rows[0].n,
    );

  it('answers only admins of every organisation', async () => {
    expect((await t.http('GET', '/api/admin/directory-sync', { token: tokens[ALICE] })).body).toEqual({
      configured: true,
    });
    expect((await t.http('POST', '/api/admin/directory-sync', { token: tokens[CARLOS] })).status).toBe(403);
    const sofia = await t.http('POST', '/api/admin/directory-sync', { token: tokens[SOFIA] });
    expect(sofia.status).toBe(403);
    expect(sofia.body.message).toBe('Only an admin of every organisation may sync the directory.');
  });

  it('makes the 1,200 people of the allowed domains staff members, the directory as actor, one correlation', async () => {
    const res = await sync('first-directory-sync');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      created: 1_200,
      updated: 1,
      deactivated: 0,
      linked: 0,
      unchanged: 0,
      ignored: 10,
    });
    expect(await registrations()).toBe(1_200);
    // The staff read model, once it has caught up with the run (the sync answers when its
    // events are appended, not when every projection has read them).
    await t.projectionsCaughtUp();
    const perOwner = async () =>
      (
        await sql<{ owner_id: number; n: string; titles: string }>`
      select owner_id, count(*) as n, string_agg(distinct job_title || '/' || department, ',') as titles
      from rm_staff.staff where staff_id > ${DEMO_PEOPLE} and not is_admin and is_active
      group by owner_id order by owner_id`.execute(t.db.db)
      ).rows;
    const expected = [
      { owner_id: 1, n: String(FIRM), titles: 'Consultant/Delivery' },
      { owner_id: 2, n: String(SISTER), titles: 'Consultant/Delivery' },
    ];
    expect(await perOwner()).toEqual(expected);
    // Carlos, found by his address: tied to his directory entry, his job title from it.
    const carlos = await t.http('GET', `/api/admin/staff/${CARLOS}`, { token: tokens[ALICE] });
    expect(carlos.body.profile.jobTitle).toBe('Engineer');
    // Every event of the run: the directory's, under one correlation (the request's).
    const correlations = await sql<{ correlation: string; n: string }>`
      select metadata->>'correlationId' as correlation, count(*) as n from events
      where metadata->'actor'->>'id' = 'directory-sync' group by 1`.execute(t.db.db);
    // Per new person: an id, the address, the registration, the tie; Carlos: the tie and his change; the run.
    expect(correlations.rows).toEqual([
      { correlation: 'first-directory-sync', n: String(1_200 * 4 + 2 + 1) },
    ]);
    const [run] = await runs();
    expect(run.data).toMatchObject({ created: 1_200, requestedBy: { staffId: ALICE, name: 'Alice Admin' } });
    expect(run.data.deltaLink).toMatch(new RegExp(`^${graph.url}/v1.0/users/delta\\?\\$deltatoken=`));
  }, 300_000);

  it('appends nothing when the directory has nothing new', async () => {
    const before = await eventCount(t.db.db);
    const res = await sync();
    expect(res.body).toEqual({ created: 0, updated: 0, deactivated: 0, linked: 0, unchanged: 0, ignored: 0 });
    expect(await eventCount(t.db.db)).toBe(before);
  });

  it('creates, renames, and deactivates the disabled and the removed, whose sessions end', async () => {
    const disabled = await staffIdOf(7);
    const removed = await staffIdOf(8);
    const token = await t.signIn(disabled);
    expect((await t.http('GET', '/api/me', { token })).status).toBe(200);
    graph.add(graphUser(2_000));
    graph.change(byNumber(5), { displayName: 'Ana María Ruiz', department: 'Sales' });
    graph.change(byNumber(7), { accountEnabled: false });
    graph.remove(byNumber(8));

    const res = await sync();
    expect(res.body).toEqual({ created: 1, updated: 1, deactivated: 2, linked: 0, unchanged: 0, ignored: 0 });
    expect((await t.http('GET', '/api/me', { token })).status).toBe(401);
    // Read once the staff read model has caught up with the run.
    await t.projectionsCaughtUp();
    const renamed = await t.http('GET', `/api/admin/staff/${await staffIdOf(5)}`, { token: tokens[ALICE] });
    expect(renamed.body).toMatchObject({ name: 'Ana María Ruiz', firstName: 'Ana María', lastName: 'Ruiz' });
    expect(renamed.body.profile.department).toBe('Sales');
    const gone = await t.http('GET', `/api/admin/staff/${removed}`, { token: tokens[ALICE] });
    expect(gone.body.isActive).toBe(false);
    const { rows } = await sql<{ data: unknown }>`
      select data from events where stream_id = ${`staff-${disabled}`} and type = 'StaffAccessChanged'`.execute(
      t.db.db,
    );
    expect(rows.map((r) => r.data)).toEqual([
      { staffId: disabled, isActive: false, before: { isActive: true } },
    ]);
    expect(await runs()).toHaveLength(2);
  });

  it('waits out a 429 for its Retry-After and survives 5xx', async () => {
    graph.add(graphUser(2_001));
    graph.fail(1, 429, { retryAfterSeconds: 1 });
    graph.fail(2, 503);
    const asked = graph.deltaRequests().length;
    const res = await sync();
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(1);
    expect(graph.deltaRequests().length - asked).toBe(4);
  });

  it('fails a run whose page fails for good without moving the deltaLink; the next run resumes from it', async () => {
    const recorded = await runs();
    const fresh = Array.from({ length: 150 }, (_, i) => graphUser(3_000 + i));
    graph.add(...fresh);
    graph.fail(5, 500, { pages: 'next' });
    const before = await registrations();
    const failed = await sync();
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe(
      'The directory could not be read just now. Nothing was lost: what was read is kept, and the next sync carries on from there. Please try again later.',
    );
    expect(await runs()).toEqual(recorded);
    // The first page's people were applied before the second failed: they stay, correct.
    const applied = (await registrations()) - before;
    expect(applied).toBe(100);

    const resumed = await sync();
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ created: 150 - applied, unchanged: applied });
    expect(await registrations()).toBe(before + 150);
    expect(await runs()).toHaveLength(recorded.length + 1);
  });

  it('answers 503, recording nothing, when Graph refuses the bookmark and then the full read too (410)', async () => {
    const recorded = await runs();
    const before = await eventCount(t.db.db);
    graph.fail(2, 410);
    const res = await sync();
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/^The directory could not be read just now\./);
    expect(await runs()).toEqual(recorded);
    expect(await eventCount(t.db.db)).toBe(before);
  });
});

describe('Directory sync without GRAPH_*', () => {
  it('says so, and a run answers 404', async () => {
    const admin = testPerson(1, 'Alice Admin', { isAdmin: true });
    const t = await startTestApp({ staffDirectory: new InMemoryStaffDirectory([admin]) });
    try {
      const token = await t.signIn(1);
      expect((await t.http('GET', '/api/admin/directory-sync', { token })).body).toEqual({
        configured: false,
      });
      const res = await t.http('POST', '/api/admin/directory-sync', { token });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Directory sync is not configured on this portal.');
    } finally {
      await t.close();
    }
  });
});
