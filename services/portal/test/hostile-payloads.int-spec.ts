import { sql } from 'kysely';
import { startTestApp, type TestApp } from './app-harness';
import { runToday } from './dates';
import { eventCount } from './event-log';
import { randomUUID } from 'node:crypto';
import {
  asUrlText,
  HOSTILE_VALUES,
  hostileBodies,
  hostileQuery,
  pathOf,
  writeRoutes,
  type HostileValue,
  type Plausible,
  type WriteRoute,
} from './hostile-payloads';
import { eventually } from './waiting';

/**
 * Issue 24's done-when test: NUL, lone surrogates, every C0 control character, a 1 MB string and
 * the extremes of numbers (and strings that look like them) sent to EVERY write route the
 * contracts declare (the list is generated, test/hostile-payloads.ts: a new route is tried
 * without being listed here; openapi.int-spec.ts holds the declared list equal to the routes the
 * app serves). Each answer is below 500, and a refusal appends nothing to the event log.
 *
 * One app, each caller signed in once. Routes are tried a few at a time; each request carries its
 * own X-Correlation-Id, which every event it (or a reaction to it) appends records, so what a
 * refusal appended is found by it; and the log must have grown by exactly the events of the
 * accepted requests, so nothing was appended under another id either.
 */
const ALICE = 1; // admin of owner 1, roster editor
const RITA = 6; // contractor

let t: TestApp;
const tokens: Partial<Record<WriteRoute['access'], string>> = {};
const plausible: Plausible = { today: runToday() };

beforeAll(async () => {
  t = await startTestApp({ seedDemo: true });
  const [alice, rita, leaving] = [await t.signIn(ALICE), await t.signIn(RITA), await t.signIn(RITA)];
  Object.assign(tokens, {
    admin: alice,
    'admin-or-auditor': alice,
    'roster-editor': alice,
    'roster-reader': alice,
    'signed-in': rita,
    // Signing out ends the session it is sent with: its own, so the others stay signed in.
    'signed-in-incl-auditor-writes': leaving,
  });
});

afterAll(async () => {
  await t?.close();
});

interface Attempt {
  readonly path: string;
  readonly body?: string;
}

/** The requests of one route and one value: into its body, else its query, else its path. */
function attempts(route: WriteRoute, value: HostileValue): Attempt[] {
  const path = pathOf(route, plausible);
  if (route.body === 'multipart') {
    return hostileBodies({ properties: { file: {} } }, value, plausible).map((body) => ({ path, body }));
  }
  if (route.body) return hostileBodies(route.body, value, plausible).map((body) => ({ path, body }));
  if (route.query) return [{ path: `${path}${hostileQuery(route, value)}` }];
  // Only the path names something: the value goes there (but a megabyte: no URL is that long).
  if (route.params && !value.oneLeafAtATime) return [{ path: pathOf(route, plausible, asUrlText(value)) }];
  // A route that takes nothing: the value is the whole body.
  return [{ path, body: value.raw }];
}

const jobsPending = async () => {
  const { rows } = await sql<{ n: string }>`
    select count(*)::text as n from jobs where state in ('waiting', 'active')`.execute(t.db.db);
  return rows[0].n === '0';
};

async function send(route: WriteRoute, attempt: Attempt, correlationId: string) {
  const token = tokens[route.access];
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-correlation-id': correlationId,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${t.baseUrl}${attempt.path}`, {
    method: route.method,
    headers,
    body: attempt.body,
  });
  await response.arrayBuffer();
  return response.status;
}

describe('hostile values to every write route', () => {
  const routes = writeRoutes();

  it('the generated list holds every write route a reviewer would name', () => {
    expect(routes.length).toBeGreaterThan(40);
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    for (const key of ['POST /timesheets', 'POST /expenses', 'POST /leave', 'PUT /admin/staff/{id}']) {
      expect(keys).toContain(key);
    }
    expect(HOSTILE_VALUES.filter((v) => v.name.startsWith('C0 control'))).toHaveLength(32);
  });

  it('answers each below 500, and a refusal appends no event', async () => {
    const failures: string[] = [];
    const refused = new Map<string, string>();
    const accepted: string[] = [];
    const before = await eventCount(t.db.db);

    const tryRoute = async (route: WriteRoute) => {
      for (const value of HOSTILE_VALUES) {
        for (const attempt of attempts(route, value)) {
          const correlationId = `hostile-${randomUUID()}`;
          const status = await send(route, attempt, correlationId);
          const what = `${route.method} ${route.path} with ${value.name}`;
          if (status >= 500) failures.push(`${what}: ${status}`);
          if (status >= 400) refused.set(correlationId, `${what}: refused ${status}`);
          else accepted.push(correlationId);
        }
      }
    };
    // A few routes at a time (the machine has two cores and other suites run beside this one).
    const queue = [...routes];
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        for (let route = queue.shift(); route; route = queue.shift()) await tryRoute(route);
      }),
    );

    // Accepted requests (a tab in a comment is text a person may type) may still be reacted to.
    await t.projectionsCaughtUp();
    await eventually(jobsPending, 30_000);
    const appendedBy = await eventsByCorrelation();
    for (const [correlationId, what] of refused) {
      const appended = appendedBy.get(correlationId) ?? 0;
      if (appended > 0) failures.push(`${what}, yet ${appended} events appended`);
    }
    expect(failures).toEqual([]);
    const ofAccepted = accepted.reduce((n, id) => n + (appendedBy.get(id) ?? 0), 0);
    expect((await eventCount(t.db.db)) - before).toBe(ofAccepted);
    expect(refused.size + accepted.length).toBeGreaterThan(routes.length * HOSTILE_VALUES.length);
  }, 120_000);
});

/** How many events each correlation id of this test's requests has in the log. */
async function eventsByCorrelation(): Promise<Map<string, number>> {
  const { rows } = await sql<{ id: string; n: string }>`
    select metadata->>'correlationId' as id, count(*)::text as n from events
    where metadata->>'correlationId' like 'hostile-%' group by 1`.execute(t.db.db);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}
