import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STAFF_SEALED_FIELDS } from '@portal/contracts';
import { DEMO_PEOPLE } from '../services/portal/src/seed/demo-data';
import { receivedMails } from './support/smtp';
import { expect, test } from './support/test';

/**
 * Runs last in its worker (its name sorts after every other spec): what an operator sees of the
 * worker's portal after the specs it ran. `/metrics` shows every family counting (the spec sends
 * one support message itself, so a command, its event, a job and a mail have surely happened in
 * this portal), the health endpoints answer, and the JSON logs of the run's portals (LOG_FILE,
 * e2e/support/run-portal.ts) hold none of the demo people's personal fields and no sign-in token.
 */

/** The sum of every series of a metric whose labels include `having` (e.g. 'outcome="sent"'). */
function total(metrics: string, name: string, having = ''): number {
  return metrics
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => line.includes(having))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

function seriesOf(metrics: string, name: string): string[] {
  return metrics.split('\n').filter((line) => line.startsWith(`${name}{`));
}

test('/metrics after the browser run: every family has counted', async ({ request }) => {
  const tokenOf = async (staffId: number) => {
    const signIn = await request.post('/api/auth/dev/sign-in', { data: { staffId } });
    expect(signIn.status()).toBe(200);
    return { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
  };
  const message = `Operations check ${Date.now()}`;
  const sent = await request.post('/api/help/support-messages', {
    headers: await tokenOf(DEMO_PEOPLE.carlos.staffId),
    data: { message, timeZone: 'UTC' },
  });
  expect(sent.status()).toBe(201);
  await expect.poll(() => receivedMails().some((mail) => mail.text.includes(message))).toBe(true);
  // A route with a parameter, so the route label below has one to show.
  const person = await request.get(`/api/admin/staff/${DEMO_PEOPLE.carlos.staffId}`, {
    headers: await tokenOf(DEMO_PEOPLE.alice.staffId),
  });
  expect(person.status()).toBe(200);

  const scrape = async () => {
    const answer = await request.get('/metrics');
    expect(answer.status()).toBe(200);
    return answer.text();
  };
  // The mail reaches the receiver before its job is counted as completed: wait for the count.
  await expect
    .poll(async () => total(await scrape(), 'portal_queue_jobs_processed_total', 'outcome="completed"'))
    .toBeGreaterThan(0);
  const metrics = await scrape();

  expect(total(metrics, 'portal_http_request_duration_seconds_count')).toBeGreaterThan(0);
  expect(total(metrics, 'portal_commands_total', 'outcome="succeeded"')).toBeGreaterThan(0);
  expect(total(metrics, 'portal_events_appended_total')).toBeGreaterThan(0);
  expect(total(metrics, 'portal_queue_jobs_processed_total', 'outcome="completed"')).toBeGreaterThan(0);
  expect(total(metrics, 'portal_emails_total', 'outcome="sent"')).toBeGreaterThan(0);
  // Failures are shown from the start, at 0 until one happens.
  expect(
    seriesOf(metrics, 'portal_queue_jobs_processed_total').some((s) => s.includes('outcome="failed"')),
  ).toBe(true);
  expect(seriesOf(metrics, 'portal_emails_total').some((s) => s.includes('outcome="failed"'))).toBe(true);
  // The gauges are read at the scrape: one series per projection, reactor and queue state.
  expect(seriesOf(metrics, 'portal_projection_lag_events').length).toBeGreaterThan(10);
  expect(seriesOf(metrics, 'portal_outbox_backlog_events').length).toBeGreaterThan(0);
  expect(seriesOf(metrics, 'portal_queue_jobs').map((s) => s.match(/state="(\w+)"/)?.[1])).toEqual([
    'waiting',
    'active',
    'failed',
  ]);
  // Routes are patterns, never raw ids.
  expect(metrics).toMatch(/route="\/api\/[^"]*:[a-zA-Z]+/);
});

test('/health/live and /health/ready answer without a sign-in', async ({ request }) => {
  const live = await request.get('/health/live');
  expect(live.status()).toBe(200);
  const ready = await request.get('/health/ready');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({
    status: 'ok',
    details: { database: { status: 'up' }, eventStore: { status: 'up' }, projections: { status: 'up' } },
  });
});

test("the portals' logs of the run hold no personal field of the demo people and no token", () => {
  const file = process.env.PORTAL_E2E_LOG_FILE;
  expect(file, 'run-portal.ts gives each portal a LOG_FILE').toBeTruthy();
  // This worker's log, and those of the run's other workers (as far as they have come).
  const runDir = process.env.PORTAL_E2E_DATA_DIR!;
  const logs = readdirSync(runDir)
    .filter((name) => name.startsWith('worker-'))
    .map((name) => join(runDir, name, 'portal.log'))
    .filter((path) => existsSync(path));
  expect(logs).toContain(file);
  const log = logs.map((path) => readFileSync(path, 'utf8')).join('\n');
  const lines = log.split('\n').filter(Boolean);
  // The log is real: JSON lines, with the requests of the run and who sent them.
  expect(lines.length).toBeGreaterThan(100);
  for (const line of lines) expect(() => JSON.parse(line), line.slice(0, 200)).not.toThrow();
  expect(lines.some((line) => line.includes('"actorId"') && line.includes('request completed'))).toBe(true);

  // Values of two letters (a province such as AB) would be found in any text; every longer one is looked for.
  const personal = Object.values(DEMO_PEOPLE).flatMap((person) =>
    STAFF_SEALED_FIELDS.flatMap((field) => {
      const value = (person as Partial<Record<string, unknown>>)[field];
      return typeof value === 'string' && value.length > 2 ? [{ who: person.username, field, value }] : [];
    }),
  );
  expect(personal.length).toBeGreaterThan(5);
  const found = personal.filter(({ value }) => log.toLowerCase().includes(value.toLowerCase()));
  expect(found).toEqual([]);

  // No sign-in token (a JWT: three base64url parts) and no Authorization header.
  expect(log).not.toMatch(/eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/);
  expect(log).not.toMatch(/bearer /i);
});
