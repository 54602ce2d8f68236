import { CommandBus } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { TestApp } from '../../../test/app-harness';
import { startAppOnGraph } from '../../../test/graph-app';
import { graphUser, type GraphStandIn } from '../../../test/graph-stand-in';
import { InMemoryStaffDirectory, testPerson } from '../../../test/in-memory-staff-directory';
import { systemCaller } from '../../platform/cqrs';
import { RegisterOwnerCommand } from '../catalog';

/**
 * Directory sync loses no one past a deltaLink (record 0275): users of the sister organisation's
 * domain seen before it is registered wait for it and are added by a later run; a delta entry
 * naming only what changed of a user tied to no one is read whole (`GET /users/{id}`).
 */
describe('Directory sync: users it could not place yet', () => {
  let graph: GraphStandIn;
  let t: TestApp;
  let token: string;
  const SAM = graphUser(2, 'sightstream.example');
  const DORA = graphUser(3, 'smartwork.example', { accountEnabled: false });

  beforeAll(async () => {
    ({ graph, t } = await startAppOnGraph(
      { users: [graphUser(1), SAM, DORA] },
      { staffDirectory: new InMemoryStaffDirectory([testPerson(1, 'Alice Admin', { isAdmin: true })]) },
    ));
    token = await t.signIn(1);
    await registerOwner(1, 'Smartwork');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await graph?.close();
  });

  const sync = () => t.http('POST', '/api/admin/directory-sync', { token });
  const registerOwner = (ownerId: number, name: string) =>
    t.app.get(CommandBus).execute(
      new RegisterOwnerCommand(
        systemCaller({
          actor: { id: 'test', name: 'Test' },
          commandId: `owner-${ownerId}`,
          correlationId: `owner-${ownerId}`,
          causationId: null,
          now: t.clock.now(),
        }),
        { ownerId, name },
      ),
    );
  const registered = async () =>
    (
      await sql<{ username: string; ownerId: number }>`
        select data->>'username' as username, (data->>'ownerId')::int as "ownerId" from events
        where type = 'StaffMemberRegistered' order by position`.execute(t.db.db)
    ).rows;

  it('keeps a user whose owner is not registered yet, and adds them once it is', async () => {
    expect((await sync()).body).toMatchObject({ created: 1, ignored: 2 });
    expect(await registered()).toEqual([{ username: graphUser(1).userPrincipalName, ownerId: 1 }]);

    await registerOwner(2, 'Sightstream');
    // Nothing changed in the directory since: the run still finds Sam.
    expect((await sync()).body).toMatchObject({ created: 1 });
    expect((await registered()).at(-1)).toEqual({ username: SAM.userPrincipalName, ownerId: 2 });
    // Placed: the next run reads him no more, and records nothing.
    const asked = graph.requests.length;
    expect((await sync()).body).toMatchObject({ created: 0, ignored: 0, unchanged: 0 });
    expect(graph.requests.slice(asked).filter((r) => r.url.startsWith(`/v1.0/users/${SAM.id}`))).toEqual([]);
  });

  it('reads whole a partial entry of a user tied to no one (enabled, only accountEnabled sent)', async () => {
    graph.change(DORA.id, { accountEnabled: true }, { partial: true });
    expect((await sync()).body).toMatchObject({ created: 1 });
    expect((await registered()).at(-1)).toEqual({ username: DORA.userPrincipalName, ownerId: 1 });
    expect(graph.requests.some((r) => r.url.startsWith(`/v1.0/users/${DORA.id}?`))).toBe(true);
  });
});
