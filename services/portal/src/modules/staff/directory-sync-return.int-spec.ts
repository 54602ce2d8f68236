import { sql } from 'kysely';
import { Client } from 'pg';
import { LOCK_NAMESPACE } from '../../platform/projection/advisory-locks';
import { DIRECTORY_SYNC_LOCK } from './commands/sync-staff-from-directory';
import type { TestApp } from '../../../test/app-harness';
import { startAppOnGraph } from '../../../test/graph-app';
import { graphUser, type GraphStandIn } from '../../../test/graph-stand-in';

const ALICE = 1; // admin of every owner

/**
 * Directory sync on the demo data against the Graph stand-in: people the directory deactivated
 * come back when enabled again there (record 0274), and an admin's Delete stands; a user renamed
 * there signs in with the new address (record 0276).
 */
describe('Directory sync: a user enabled again, a user renamed', () => {
  let graph: GraphStandIn;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    ({ graph, t } = await startAppOnGraph(
      { users: [graphUser(1), graphUser(2), graphUser(3)] },
      { seedDemo: true },
    ));
    token = await t.signIn(ALICE);
    expect((await sync()).body).toMatchObject({ created: 3 });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await graph?.close();
  });

  const sync = () => t.http('POST', '/api/admin/directory-sync', { token });
  const personOf = async (n: number) => {
    const { rows } = await sql<{ staffId: number }>`
      select (data->>'staffId')::int as "staffId" from events
      where type = 'StaffUsernameReserved' and data->>'username' = ${graphUser(n).userPrincipalName!.toLowerCase()}`.execute(
      t.db.db,
    );
    const staffId = rows[0]!.staffId;
    await t.projectionsCaughtUp();
    const res = await t.http('GET', `/api/admin/staff/${staffId}`, { token });
    return { staffId, isActive: res.body.isActive as boolean };
  };
  const accessChanges = async (staffId: number) =>
    (
      await sql<{ data: unknown; actor: string }>`
        select data, metadata->'actor'->>'id' as actor from events
        where stream_id = ${`staff-${staffId}`} and type = 'StaffAccessChanged' order by position`.execute(
        t.db.db,
      )
    ).rows;

  it('reactivates someone it deactivated once they are enabled again in the directory', async () => {
    graph.change(graphUser(1).id, { accountEnabled: false });
    expect((await sync()).body).toMatchObject({ deactivated: 1 });
    const person = await personOf(1);
    expect(person.isActive).toBe(false);

    graph.change(graphUser(1).id, { accountEnabled: true });
    expect((await sync()).body).toMatchObject({ updated: 1, deactivated: 0 });
    expect((await personOf(1)).isActive).toBe(true);
    expect(await accessChanges(person.staffId)).toEqual([
      {
        data: { staffId: person.staffId, isActive: false, before: { isActive: true } },
        actor: 'directory-sync',
      },
      {
        data: { staffId: person.staffId, isActive: true, before: { isActive: false } },
        actor: 'directory-sync',
      },
    ]);
  });

  it('leaves deactivated someone an admin deactivated, whatever the directory says', async () => {
    const { staffId } = await personOf(2);
    expect((await t.http('POST', `/api/admin/staff/${staffId}/deactivate`, { token })).status).toBeLessThan(
      300,
    );
    graph.change(graphUser(2).id, { accountEnabled: true, jobTitle: 'Lead' });
    expect((await sync()).body).toMatchObject({ updated: 1 });
    expect((await personOf(2)).isActive).toBe(false);
  });

  it('moves a renamed user to their new address: before -> after recorded, the old one free, sign-in by the new one', async () => {
    const { staffId } = await personOf(3);
    const renamed = 'dora.renamed@smartwork.example';
    graph.change(graphUser(3).id, { userPrincipalName: 'Dora.Renamed@smartwork.example', mail: renamed });
    expect((await sync()).body).toMatchObject({ updated: 1 });
    const changed = await sql<{ data: unknown; actor: string }>`
      select data, metadata->'actor'->>'id' as actor from events
      where stream_id = ${`staff-${staffId}`} and type = 'StaffUsernameChanged'`.execute(t.db.db);
    expect(changed.rows).toEqual([
      {
        data: { staffId, before: { username: graphUser(3).userPrincipalName }, after: { username: renamed } },
        actor: 'directory-sync',
      },
    ]);
    const released = await sql<{ type: string }>`
      select type from events where stream_id = ${`staff-username-${graphUser(3).userPrincipalName}`}
      order by position`.execute(t.db.db);
    expect(released.rows.map((r) => r.type)).toEqual(['StaffUsernameReserved', 'StaffUsernameReleased']);

    await t.projectionsCaughtUp();
    expect((await t.http('GET', `/api/admin/staff/${staffId}`, { token })).body.email).toBe(renamed);
    // Signing in with the new address is signing in as the same person.
    const signIn = await t.http('POST', '/api/auth/dev/first-sign-in', {
      body: { username: renamed, name: 'Directory Person3' },
    });
    const me = await t.http('GET', '/api/me', { token: signIn.body.token });
    expect(me.body).toMatchObject({ staffId, access: 'granted' });
    // Nothing more to do on the next run.
    expect((await sync()).body).toMatchObject({ updated: 0 });
  });

  it('refuses a run while another process runs one (their lock), and runs once it is done', async () => {
    const other = new Client({ connectionString: t.db.url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1::int, hashtext($2::text))', [
        LOCK_NAMESPACE,
        DIRECTORY_SYNC_LOCK,
      ]);
      const refused = await sync();
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('A directory sync is running already. Please wait for it to finish.');
      await other.query('select pg_advisory_unlock($1::int, hashtext($2::text))', [
        LOCK_NAMESPACE,
        DIRECTORY_SYNC_LOCK,
      ]);
      expect((await sync()).status).toBe(200);
    } finally {
      await other.end();
    }
  });
});
