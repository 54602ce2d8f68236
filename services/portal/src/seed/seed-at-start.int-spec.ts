import { startTestApp, type TestApp } from '../../test/app-harness';
import { eventCount as countEvents } from '../../test/event-log';
import { DemoSeeder, DemoSeedRegistry, type DemoSeedStep } from './demo-seed';

/* The demo seed as the app runs it at start (SEED_DEMO on), through the whole app. */
let t: TestApp;

const eventCount = () => countEvents(t.db.db);

/** Only the organisation (catalog, staff, roster): the history steps have their own tests. */
class OrganisationOnlySeedRegistry extends DemoSeedRegistry {
  override register(_step: DemoSeedStep): void {}
}

beforeAll(async () => {
  t = await startTestApp({
    seedDemo: 'at-start',
    override: (builder) =>
      builder.overrideProvider(DemoSeedRegistry).useValue(new OrganisationOnlySeedRegistry()),
  });
  await t.projectionsCaughtUp();
});

afterAll(async () => {
  await t?.close();
});

describe('demo seed at start', () => {
  it('seeded people can sign in (the auditor among them); an inactive one cannot; seeding again appends nothing', async () => {
    const people = await t.http('GET', '/api/auth/dev/people');
    expect(people.status).toBe(200);
    const usernames = people.body.map((p: { username: string }) => p.username);
    expect(usernames).toEqual(
      expect.arrayContaining(['alice.admin@smartwork.example', 'sam@sightstream.example']),
    );
    expect(usernames).not.toContain('ivan.inactive@smartwork.example');
    // The demo auditor: the Auditor flag, not an admin, offered by the picker.
    expect(people.body).toContainEqual({
      staffId: 10,
      name: 'Audrey Auditor',
      username: 'audrey.auditor@smartwork.example',
      isAdmin: false,
      isAuditor: true,
      userType: 'default',
    });
    const before = await eventCount();
    expect(await t.app.get(DemoSeeder).seedIfEmpty()).toBe('already-seeded');
    expect(await eventCount()).toBe(before);
  });
});
