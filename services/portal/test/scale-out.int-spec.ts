// Fixed dates: the portal fleet runs at the file's own instant (NOW, Monday 2026-11-23).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { ledgerStreamId } from '@portal/contracts';
import { sql } from 'kysely';
import { deriveEventId } from '../src/platform/event-store/command-context';
import { messageIdOf } from '../src/platform/mail/smtp-mailer';
import {
  ensurePortalBuilt,
  fleetSecrets,
  freePort,
  PortalChild,
  PrivateRedis,
  REBUILD_JS,
} from './portal-fleet';
import { addFleetPeople, fleetPeople, type FleetPerson } from './fleet-people';
import { createTestDatabase, type TestDatabase } from './services';
import { startSmtpReceiver, type ReceivedMail } from './smtp-receiver';
import { sleep } from './waiting';

/*
 * Issue 12, roles and scale-out: the built portal as six processes (two api, two projector, two
 * worker) on one PostgreSQL database of its own and one Redis of its own, driven through HTTP.
 *
 * 1. Saves from 100 concurrent clients, one person each, spread over both api processes; one
 *    projector and one worker are SIGKILLed a third of the way in. Every acknowledged command's
 *    event is in the log exactly once, and every late entry's e-mail reaches the SMTP server once.
 * 2. Redis is killed while saves go on: every save answers 2xx, and every e-mail asked for
 *    meanwhile goes out once Redis is back, once.
 * 3. Every read model equals, table by table (checksum), a clean rebuild from the log.
 *
 * Two sizes of the same proofs: `npm test` runs 2,000 saves and a 10 s outage (about a minute and
 * a half); `npm run test:soak` runs the issue's 20,000 saves and a 60 s outage (about five
 * minutes on a quiet two-core machine). SCALE_OUT_COMMANDS and SCALE_OUT_OUTAGE_SECONDS set them.
 * The timeouts are ceilings, not figures: speed is measured by `npm run bench`, never asserted here.
 */

// This file pins its own instant, Monday 2026-11-23: entries from the 16th to the 20th are late
// (before this week's Monday). The six processes tick from it (PORTAL_NOW); nothing here depends
// on the run's instant.
const NOW = '2026-11-23T10:00:00.000Z';
const MAIL_FROM = 'Portal <portal@smartwork.example>';
/** 2,000 in `npm test`, 20,000 in `npm run test:soak`. Each person's months stay near a real month's size (fleet-people.ts). */
const COMMANDS = Number(process.env.SCALE_OUT_COMMANDS ?? 2_000);
if (!Number.isInteger(COMMANDS) || COMMANDS % 40 !== 0) {
  throw new Error('SCALE_OUT_COMMANDS must be a whole multiple of 40 (one late entry in 40)');
}
const CLIENTS = 100;
/** One save in this many is a late entry: one e-mail to the person's admins. */
const LATE_EVERY = 40;
/** 10 s in `npm test`, 60 s in `npm run test:soak`. */
const OUTAGE_MS = 1000 * Number(process.env.SCALE_OUT_OUTAGE_SECONDS ?? 10);
if (!(OUTAGE_MS >= 1000)) throw new Error('SCALE_OUT_OUTAGE_SECONDS must be at least 1');
const OUTAGE_CLIENTS = 10;
/** During the outage, one save in this many is late, so that many e-mails wait for Redis. */
const OUTAGE_LATE_EVERY = 4;

/** One person per client: 6 demo people and 94 the test registers (fleet-people.ts). */
const PEOPLE = fleetPeople(CLIENTS);

function daysFrom(first: string, count: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}
/** This week and the next two months: never late. */
const ON_TIME_DAYS = daysFrom(NOW.slice(0, 10), 70);
/** Last week's working days: late. */
const LATE_DAYS = daysFrom(new Date(Date.parse(NOW) - 7 * 86_400_000).toISOString().slice(0, 10), 5);

interface Sent {
  readonly commandId: string;
  readonly staffId: number;
  readonly date: string;
  readonly late: boolean;
  readonly status: number;
}

type Api = { readonly baseUrl: string };

async function signIn(api: Api, staffId: number): Promise<string> {
  const answer = await fetch(`${api.baseUrl}/api/auth/dev/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ staffId }),
  });
  const body = (await answer.json()) as { token?: string };
  if (!body.token) throw new Error(`Dev sign-in of ${staffId} answered ${answer.status}`);
  return body.token;
}

/** Save number `n`: whose, which day, late or not. */
function saveOf(n: number, lateEvery: number): { person: FleetPerson; date: string; late: boolean } {
  const person = PEOPLE[n % PEOPLE.length];
  const late = n % lateEvery === lateEvery - 1;
  const slot = Math.floor(n / PEOPLE.length);
  const date = late ? LATE_DAYS[slot % LATE_DAYS.length] : ON_TIME_DAYS[slot % ON_TIME_DAYS.length];
  return { person, date, late };
}

/**
 * `clients` concurrent clients taking saves `from`, `from + 1`, ... while `more(n)` holds, each sent
 * to the api processes in turn. A save whose connection failed is sent again with the same
 * Idempotency-Key (as a browser retries); what counts is the answer it finally got.
 */
async function drive(
  apis: readonly Api[],
  tokens: ReadonlyMap<number, string>,
  clients: number,
  lateEvery: number,
  from: number,
  more: (n: number) => boolean,
  onSent?: (count: number) => void,
): Promise<Sent[]> {
  const sent: Sent[] = [];
  let next = from;
  const client = async () => {
    for (let n = next++; more(n); n = next++) {
      const { person, date, late } = saveOf(n, lateEvery);
      const commandId = randomUUID();
      const body = JSON.stringify({
        projectId: person.projectId,
        subProjectId: null,
        items: [{ date, hours: '1', overtimeHours: null, comment: `scale ${n}` }],
        confirmLate: late,
      });
      let status = 0;
      for (let attempt = 0; attempt < 5 && status === 0; attempt++) {
        try {
          const answer = await fetch(`${apis[n % apis.length].baseUrl}/api/timesheets`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens.get(person.staffId)}`,
              'idempotency-key': commandId,
            },
            body,
          });
          await answer.arrayBuffer();
          status = answer.status;
        } catch {
          await sleep(200);
        }
      }
      sent.push({ commandId, staffId: person.staffId, date, late, status });
      onSent?.(sent.length);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return sent;
}

/** The Message-ID the late-entry e-mail of a save carries (its job id is the reactor's). */
function lateMailId(save: Sent): string {
  const jobId = deriveEventId(save.commandId, ledgerStreamId(save.staffId, save.date.slice(0, 7)), 0);
  return messageIdOf(jobId, MAIL_FROM);
}

function deliveriesById(mails: readonly ReceivedMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of mails) {
    const id = mail.messageId ?? `(none) ${mail.subject}`;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

describe('two api, two projector and two worker processes on one PostgreSQL and one Redis', () => {
  let db: TestDatabase;
  let redis: PrivateRedis;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let env: Record<string, string>;
  const fleet: PortalChild[] = [];
  let apis: Api[] = [];
  const tokens = new Map<number, string>();
  const acknowledged: Sent[] = [];

  async function countOf(query: ReturnType<typeof sql<{ n: string }>>): Promise<number> {
    return Number((await query.execute(db.db)).rows[0].n);
  }

  /** Every projection and reactor past the last event, and every kept job handed to BullMQ. */
  async function settled(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const behind = await countOf(sql<{ n: string }>`
        select count(*)::text as n from projection_checkpoints
        where prepare_position is distinct from (select max(position) from events)`);
      const kept = await countOf(
        sql<{ n: string }>`select count(*)::text as n from job_outbox where relayed_at is null`,
      );
      if (behind === 0 && kept === 0) return;
      if (Date.now() > deadline) {
        throw new Error(`Not settled in time: ${behind} checkpoint(s) behind, ${kept} job(s) not relayed`);
      }
      await sleep(500);
    }
  }

  /** Waits until every expected Message-ID arrived (at least once), then a little more for strays. */
  async function mailsFor(expected: readonly string[], timeoutMs: number): Promise<Map<string, number>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const counts = deliveriesById(smtp.mails);
      const missing = expected.filter((id) => !counts.has(id)).length;
      if (missing === 0) break;
      if (Date.now() > deadline) throw new Error(`${missing} of ${expected.length} e-mails never arrived`);
      await sleep(500);
    }
    // A job run twice would send again within moments of the first: give it the time to show.
    await sleep(3000);
    return deliveriesById(smtp.mails);
  }

  beforeAll(async () => {
    ensurePortalBuilt();
    [db, redis, smtp] = await Promise.all([createTestDatabase(4), PrivateRedis.start(), startSmtpReceiver()]);
    env = {
      ...fleetSecrets(),
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      SMTP_URL: smtp.url,
      MAIL_FROM,
      DEV_SIGN_IN: 'true',
      PORTAL_NOW: NOW,
      SEED_DEMO: 'false',
    };
    // The first api seeds the demo organisation (it answers once the seed is in); the projectors
    // build the read models the seed waits for, and the workers send what it asks for.
    const first = PortalChild.start('api 1', 'api', { ...env, SEED_DEMO: 'true' }, await freePort());
    fleet.push(
      first,
      PortalChild.start('projector 1', 'projector', env, await freePort()),
      PortalChild.start('projector 2', 'projector', env, await freePort()),
      PortalChild.start('worker 1', 'worker', env, await freePort()),
      PortalChild.start('worker 2', 'worker', env, await freePort()),
    );
    await Promise.all(fleet.map((p) => p.ready()));
    const second = PortalChild.start('api 2', 'api', env, await freePort());
    fleet.push(second);
    await second.ready();
    apis = [first, second].map((p) => ({ baseUrl: p.baseUrl }));
    await addFleetPeople(db.db, PEOPLE, apis[0].baseUrl, (staffId) => signIn(apis[0], staffId));
    for (const person of PEOPLE) tokens.set(person.staffId, await signIn(apis[0], person.staffId));
  }, 600_000);

  afterAll(async () => {
    await Promise.all(fleet.map((p) => p.stop()));
    await redis?.kill();
    await smtp?.close();
    await db?.drop();
  }, 120_000);

  it('projectors and workers answer their probes and metrics, and nothing else', async () => {
    for (const child of fleet.filter((p) => /projector|worker/.test(p.label))) {
      expect((await fetch(`${child.baseUrl}/health/live`)).status).toBe(200);
      expect((await fetch(`${child.baseUrl}/health/ready`)).status).toBe(200);
      const metrics = await fetch(`${child.baseUrl}/metrics`);
      expect(await metrics.text()).toContain('portal_projection_lag_events');
      expect((await fetch(`${child.baseUrl}/api/auth/config`)).status).toBe(404);
    }
  });

  it('keeps every command once and sends every e-mail once while a projector and a worker are killed', async () => {
    const [, projector1, , worker1] = fleet.slice(0, 5);
    let killing: Promise<unknown> | null = null;
    const sent = await drive(
      apis,
      tokens,
      CLIENTS,
      LATE_EVERY,
      0,
      (n) => n < COMMANDS,
      (count) => {
        if (count === Math.floor(COMMANDS / 3)) killing = Promise.all([projector1.kill(), worker1.kill()]);
      },
    );
    await killing;
    expect(projector1.alive).toBe(false);
    expect(worker1.alive).toBe(false);
    const refused = sent.filter((s) => s.status !== 201);
    expect(refused.map((s) => s.status)).toEqual([]);
    acknowledged.push(...sent);

    // Each save appends one event, whose metadata names the save's command id: once each.
    const ids = sent.map((s) => s.commandId);
    const { rows } = await sql<{ id: string; n: string }>`
      select metadata->>'commandId' as id, count(*)::text as n from events
      where metadata->>'commandId' = any(${ids}) group by 1`.execute(db.db);
    expect(rows.length).toBe(COMMANDS);
    expect(rows.filter((row) => row.n !== '1')).toEqual([]);

    await settled(180_000);
    const late = sent.filter((s) => s.late);
    expect(late.length).toBe(COMMANDS / LATE_EVERY);
    const counts = await mailsFor(late.map(lateMailId), 180_000);
    expect(late.map(lateMailId).filter((id) => counts.get(id) !== 1)).toEqual([]);
    expect([...counts].filter(([, n]) => n !== 1)).toEqual([]);
  }, 3_000_000);

  it(`answers every save while Redis is away for ${OUTAGE_MS / 1000} s and sends the e-mails once it is back`, async () => {
    const before = smtp.mails.length;
    await redis.kill();
    const outageEnds = Date.now() + OUTAGE_MS;
    const sent = await drive(
      apis,
      tokens,
      OUTAGE_CLIENTS,
      OUTAGE_LATE_EVERY,
      COMMANDS,
      () => Date.now() < outageEnds,
    );
    // No mail could be asked of BullMQ meanwhile: they are kept in PostgreSQL.
    expect(smtp.mails.length).toBe(before);
    await redis.up();

    expect(sent.filter((s) => s.status !== 201).map((s) => s.status)).toEqual([]);
    const late = sent.filter((s) => s.late);
    expect(late.length).toBeGreaterThan(0);
    acknowledged.push(...sent);

    await settled(180_000);
    const counts = await mailsFor(late.map(lateMailId), 180_000);
    expect(late.map(lateMailId).filter((id) => counts.get(id) !== 1)).toEqual([]);
    expect([...counts].filter(([, n]) => n !== 1)).toEqual([]);
  }, 600_000);

  it('holds read models equal to a clean rebuild from the log', async () => {
    await settled(180_000);
    await Promise.all(fleet.map((p) => p.stop()));

    const live = await readModelChecksums(db);
    expect(live.size).toBeGreaterThan(10);
    const exit = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [REBUILD_JS], {
        env: { ...process.env, NODE_ENV: 'development', ...env, PORTAL_ROLES: 'api' },
        stdio: 'ignore',
      });
      child.once('exit', resolve);
    });
    expect(exit).toBe(0);
    const rebuilt = await readModelChecksums(db);
    expect(Object.fromEntries(live)).toEqual(Object.fromEntries(rebuilt));

    // And every acknowledged save, of both runs, is in the timesheets read model.
    const entries = await countOf(sql<{ n: string }>`
      select count(*)::text as n from events
      where type = 'TimesheetSubmitted' and metadata->>'commandId' = any(${acknowledged.map((s) => s.commandId)})`);
    expect(entries).toBe(acknowledged.length);
  }, 600_000);
});

/** Row count and md5 of every read-model table (schemas rm_*), by schema.table. */
async function readModelChecksums(db: TestDatabase): Promise<Map<string, string>> {
  const { rows: tables } = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_schema like 'rm\\_%' and table_schema not like '%\\_\\_next' and table_type = 'BASE TABLE'
    order by 1, 2`.execute(db.db);
  const sums = new Map<string, string>();
  for (const { schema, name } of tables) {
    const { rows } = await sql<{ n: string; sum: string | null }>`
      select count(*)::text as n, md5(string_agg(t::text, E'\\n' order by t::text)) as sum
      from ${sql.table(`${schema}.${name}`)} t`.execute(db.db);
    sums.set(`${schema}.${name}`, `${rows[0].n} rows, ${rows[0].sum ?? '-'}`);
  }
  return sums;
}
