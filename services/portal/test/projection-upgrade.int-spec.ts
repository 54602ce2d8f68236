import { sql } from 'kysely';
import { ensurePortalBuilt, fleetSecrets, freePort, PortalChild } from './portal-fleet';
import { createTestDatabase, type TestDatabase } from './services';
import { sleep } from './waiting';

/**
 * A release that bumps a projection's version, on a running fleet (issue 27): two api processes
 * keep serving while a projector of the new release rebuilds the projection beside its live
 * tables and swaps it in. Readiness stays 200 on both throughout (record 0279), reads answer from
 * the old tables until the swap and from the new ones after it, and no request fails.
 *
 * The "older release" is made by hand: the live staff tables' checkpoint is set one version back
 * and one person's name in them is changed, so a read shows which tables answered it.
 */

const STAFF_ID = 6;
const OLD_TABLES_NAME = 'Read From The Old Tables';

interface Sample {
  readonly ready: readonly number[];
  readonly names: readonly (string | number)[];
}

async function nameOf(api: PortalChild): Promise<string | number> {
  const answer = await fetch(`${api.baseUrl}/api/auth/dev/people`);
  if (answer.status !== 200) return answer.status;
  const people = (await answer.json()) as { staffId: number; name: string }[];
  return people.find((p) => p.staffId === STAFF_ID)?.name ?? 'missing';
}

describe('a projection version bumped on a running fleet', () => {
  let database: TestDatabase;
  const processes: PortalChild[] = [];

  beforeAll(async () => {
    ensurePortalBuilt();
    database = await createTestDatabase(3);
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill()));
    await database?.drop();
  });

  it('keeps every api ready, answering from the old tables until the swap and the new after', async () => {
    const env = { ...fleetSecrets(), DATABASE_URL: database.url };
    const start = async (label: string, roles: string, seed: boolean) => {
      const child = PortalChild.start(label, roles, { ...env, SEED_DEMO: String(seed) }, await freePort());
      processes.push(child);
      await child.ready();
      return child;
    };
    const readyOf = async (child: PortalChild) => (await fetch(`${child.baseUrl}/health/ready`)).status;

    // The old release: one process of every role seeds the demo and builds every read model.
    const old = await start('old', 'api,projector,worker', true);
    for (let tries = 0; (await readyOf(old)) !== 200; tries++) {
      if (tries > 480) throw new Error(`never ready:\n${old.log}`);
      await sleep(250);
    }
    const realName = await nameOf(old);
    expect(realName).toEqual(expect.any(String));
    const apis = [await start('api-a', 'api', false), await start('api-b', 'api', false)];
    await old.stop();

    // The live staff tables become an older release's: one version back, one name changed.
    const { rows } = await sql<{ version: number }>`
      update projection_checkpoints set version = version - 1 where name = 'staff' returning version`.execute(
      database.db,
    );
    const oldVersion = rows[0]!.version;
    await sql`update rm_staff.staff set name = ${OLD_TABLES_NAME} where staff_id = ${STAFF_ID}`.execute(
      database.db,
    );
    expect(await Promise.all(apis.map(readyOf))).toEqual([200, 200]);
    expect(await Promise.all(apis.map(nameOf))).toEqual([OLD_TABLES_NAME, OLD_TABLES_NAME]);

    // The new release's projector rebuilds staff beside the live tables and swaps it in.
    const samples: Sample[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        samples.push({
          ready: await Promise.all(apis.map(readyOf)),
          names: await Promise.all(apis.map(nameOf)),
        });
        await sleep(50);
      }
    })();
    await start('projector', 'projector', false);
    for (let tries = 0; ; tries++) {
      const { rows: now } = await sql<{ version: number }>`
        select version from projection_checkpoints where name = 'staff'`.execute(database.db);
      if (now[0]!.version === oldVersion + 1) break;
      if (tries > 480) throw new Error(`the rebuild never swapped in:\n${processes.at(-1)!.log}`);
      await sleep(250);
    }
    await sleep(500);
    sampling = false;
    await sampler;

    expect(samples.length).toBeGreaterThan(3);
    expect(samples.filter((s) => s.ready.some((status) => status !== 200))).toEqual([]);
    // Each api: the old tables' name, then, from the swap on, the rebuilt one; nothing else.
    for (const index of [0, 1]) {
      const seen = samples.map((s) => s.names[index]);
      const firstNew = seen.indexOf(realName);
      expect(firstNew).toBeGreaterThanOrEqual(0);
      expect(seen.slice(0, firstNew).every((name) => name === OLD_TABLES_NAME)).toBe(true);
      expect(seen.slice(firstNew).every((name) => name === realName)).toBe(true);
    }
  });
});
