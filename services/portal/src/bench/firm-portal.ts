import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Database } from '../platform/database/database';
import { PortalProcess } from './idle';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const MIN_PROJECTIONS = 8;
const CATCH_UP_TIMEOUT_MS = 30 * 60_000;

/**
 * Until every projection's checkpoint has reached the log's last event (polled once a second).
 * A projection still on its first build has no checkpoint row yet, so the table alone cannot
 * tell it is missing: the portal's readiness, which counts every registered projection, must say
 * ready too. (Before it did, the audit projection's 15-minute first build ran under the review
 * load and the first approvals.)
 */
/**
 * The portal in a child process on a firm's database: every role (or `roles`), no demo, no Redis
 * (so the worker runs beside the api); `now` its clock's start (else the real one).
 */
export function startFirmPortal(
  databaseUrl: string,
  now?: string,
  roles = 'api,projector,worker',
): Promise<PortalProcess> {
  return PortalProcess.start({
    DATABASE_URL: databaseUrl,
    PORTAL_ROLES: roles,
    SEED_DEMO: 'false',
    REDIS_URL: undefined,
    EVENTSTORE_URL: undefined,
    PORTAL_NOW: now,
    PORTAL_NOW_AT: undefined,
  });
}

export async function waitForProjections(db: Database, portal: PortalProcess): Promise<void> {
  const deadline = performance.now() + CATCH_UP_TIMEOUT_MS;
  while (performance.now() < deadline) {
    const { rows } = await sql<{ total: number; behind: number }>`
      with last as (
        select transaction_id::text::numeric as commit, position as prepare
          from events order by transaction_id desc, position desc limit 1)
      select count(*)::int as total,
             count(*) filter (where c.commit_position is null
               or (c.commit_position, c.prepare_position) < (last.commit, last.prepare))::int as behind
        from projection_checkpoints c cross join last`.execute(db);
    const { total, behind } = rows[0] ?? { total: 0, behind: 0 };
    if (total >= MIN_PROJECTIONS && behind === 0) {
      const ready = await portal.json('GET', '/health/ready');
      if (ready.status === 200) return;
    }
    await sleep(1000);
  }
  throw new Error('The read models did not catch up with the log within 30 minutes');
}
