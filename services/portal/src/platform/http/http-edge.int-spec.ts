// Fixed dates: the app and its commands at the file's own instant; a date of birth as input.
/*
 * Over 300 lines on purpose: every rule of the HTTP edge (errors, idempotency, read-your-writes)
 * against one test app and its probe controller.
 */
import { createHash } from 'node:crypto';
import { Body, Controller, Get, Global, Module, Param, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../../../test/app-harness';
import { InMemoryStaffDirectory, testPerson } from '../../../test/in-memory-staff-directory';
import { CurrentCommand, Public } from '../auth/decorators';
import type { CommandContext } from '../event-store/command-context';
import type { LogPosition } from '../event-store/event-store.port';
import { ProjectionProgress, type ProgressWait } from '../projection/projection';
import { DomainError } from '../../kernel/domain-error';
import { COMMAND_KEY_MAX_LENGTH, idempotencyKeyMessage } from './command-context.interceptor';
import { JSON_BODY_LIMIT_BYTES } from './configure-app';
import { parseBody, parseQuery } from './validation';

/** Counts handler runs, so replays can be told from re-runs. */
const runs = { count: 0, flaky: 0 };

const itemsSchema = z.object({
  projectId: z.number({ error: 'Project must have a value' }),
  items: z.array(z.object({ comment: z.string().min(1, 'Activity Comment must have a value') })),
});

@Controller('test-edge')
class EdgeProbeController {
  @Post('validate')
  validate(@Body() body: unknown) {
    return parseBody(itemsSchema, body);
  }

  @Public()
  @Get('query')
  query(@Query() query: unknown) {
    return parseQuery(z.object({ page: z.coerce.number().int().min(1, 'Page must be at least 1') }), query);
  }

  @Post('count')
  async count(@Body() body: { delayMs?: number }, @CurrentCommand() command: CommandContext) {
    runs.count += 1;
    const run = runs.count;
    if (body?.delayMs) await new Promise((resolve) => setTimeout(resolve, body.delayMs));
    const position: LogPosition = { commit: 5n, prepare: BigInt(run) };
    return { run, commandId: command.commandId, position };
  }

  @Put('profile')
  profile() {
    return { saved: true, position: null };
  }

  @Post('flaky')
  flaky() {
    runs.flaky += 1;
    if (runs.flaky === 1) throw DomainError.conflict('Someone else changed this first.');
    return { run: runs.flaky, position: null };
  }

  @Get('context')
  context(@CurrentCommand() command: CommandContext) {
    return { ...command, now: command.now.toISOString() };
  }

  @Public()
  @Get('bigint')
  bigint() {
    return { total: 12345678901234567890n, rows: [{ revision: 3n, name: 'a' }], when: new Date(0) };
  }

  @Public()
  @Get('error/:kind')
  error(@Param('kind') kind: string) {
    if (kind === 'locked') throw DomainError.locked('Project Apollo is not editable');
    if (kind === 'not-found') throw DomainError.notFound('Timesheet entry not found.');
    if (kind === 'forbidden') throw DomainError.forbidden();
    throw new Error('secret internals at /srv/portal');
  }
}

@Module({ controllers: [EdgeProbeController] })
class EdgeProbeModule {}

class RecordingProgress extends ProjectionProgress {
  readonly calls: { position: string; timeoutMs: number; options?: ProgressWait }[] = [];
  async waitFor(position: LogPosition, timeoutMs: number, options?: ProgressWait): Promise<boolean> {
    this.calls.push({ position: `${position.commit}/${position.prepare}`, timeoutMs, options });
    return true;
  }
}

const progress = new RecordingProgress();

@Global()
@Module({ providers: [{ provide: ProjectionProgress, useValue: progress }], exports: [ProjectionProgress] })
class TestProgressModule {}

describe('HTTP edge', () => {
  let t: TestApp;
  let bob: string;
  let ada: string;

  beforeAll(async () => {
    t = await startTestApp({
      now: '2025-11-19T15:00:00.000Z',
      env: { PROJECTION_WAIT_MS: '1234' },
      staffDirectory: new InMemoryStaffDirectory([
        testPerson(1, 'Ada Admin', { isAdmin: true }),
        testPerson(2, 'Bob Builder'),
      ]),
      imports: [EdgeProbeModule, TestProgressModule],
      override: (builder) => builder.overrideProvider(ProjectionProgress).useValue(progress),
    });
    bob = await t.signIn(2);
    ada = await t.signIn(1);
  });
  afterAll(() => t?.close());

  describe('validation', () => {
    it('answers 400 naming each field by its dotted path and the schema message', async () => {
      const res = await t.http('POST', '/api/test-edge/validate', {
        token: bob,
        body: { items: [{ comment: 'ok' }, { comment: '' }] },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Project must have a value Activity Comment must have a value',
        problems: [
          { path: 'projectId', message: 'Project must have a value' },
          { path: 'items.1.comment', message: 'Activity Comment must have a value' },
        ],
      });
    });

    it('coerces query strings where the schema says so', async () => {
      expect((await t.http('GET', '/api/test-edge/query?page=3')).body).toEqual({ page: 3 });
      const res = await t.http('GET', '/api/test-edge/query?page=0');
      expect(res.status).toBe(400);
      expect(res.body.problems).toEqual([{ path: 'page', message: 'Page must be at least 1' }]);
    });

    it('answers 400, not 500, to a body that is not JSON', async () => {
      const res = await t.http('POST', '/api/test-edge/validate', { token: bob, body: '{"projectId": 4,' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', problems: [] });
      expect(typeof res.body.message).toBe('string');
    });

    it('reads a body of exactly the limit, and answers 413 to one byte more', async () => {
      /** A valid body of exactly `bytes` bytes (ASCII: one byte a character). */
      const bodyOf = (bytes: number) => {
        const shell = JSON.stringify({ projectId: 1, items: [{ comment: '' }] });
        return JSON.stringify({ projectId: 1, items: [{ comment: 'x'.repeat(bytes - shell.length) }] });
      };
      expect(Buffer.byteLength(bodyOf(JSON_BODY_LIMIT_BYTES))).toBe(JSON_BODY_LIMIT_BYTES);
      const atLimit = await t.http('POST', '/api/test-edge/validate', {
        token: bob,
        body: bodyOf(JSON_BODY_LIMIT_BYTES),
      });
      expect(atLimit.status).toBe(201);
      expect(Buffer.byteLength(JSON.stringify(atLimit.body))).toBe(JSON_BODY_LIMIT_BYTES); // read whole
      const over = await t.http('POST', '/api/test-edge/validate', {
        token: bob,
        body: bodyOf(JSON_BODY_LIMIT_BYTES + 1),
      });
      expect(over.status).toBe(413);
      expect(over.body).toMatchObject({ statusCode: 413, error: 'Payload Too Large', problems: [] });
    });
  });

  describe('errors', () => {
    it('maps domain errors to their status with the common shape', async () => {
      const locked = await t.http('GET', '/api/test-edge/error/locked');
      expect(locked.status).toBe(423);
      expect(locked.body).toEqual({
        statusCode: 423,
        error: 'Locked',
        message: 'Project Apollo is not editable',
        problems: [],
      });
      expect((await t.http('GET', '/api/test-edge/error/not-found')).status).toBe(404);
      expect((await t.http('GET', '/api/test-edge/error/forbidden')).status).toBe(403);
    });

    it('answers an unknown route 404 with the common shape', async () => {
      const res = await t.http('GET', '/api/no-such-thing', { token: bob });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found', problems: [] });
    });

    it('hides the details of an unexpected failure behind a generic 500', async () => {
      const res = await t.http('GET', '/api/test-edge/error/bug');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Your request could not be processed.',
        problems: [],
      });
    });
  });

  describe('command context', () => {
    it('takes the actor from the principal, the ids from the headers and now from the clock', async () => {
      const res = await t.http('GET', '/api/test-edge/context', {
        token: bob,
        headers: { 'Idempotency-Key': 'key-1.a:b_c', 'X-Correlation-Id': 'corr-9' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        actor: { id: '2', name: 'Bob Builder' },
        commandId: 'key-1.a:b_c',
        correlationId: 'corr-9',
        causationId: null,
        now: '2025-11-19T15:00:00.000Z',
      });
    });

    it('generates ids when the headers are absent', async () => {
      const res = await t.http('GET', '/api/test-edge/context', { token: bob });
      expect(res.body.commandId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.correlationId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.correlationId).not.toBe(res.body.commandId);
    });

    it('takes an Idempotency-Key of the longest length', async () => {
      const key = 'k'.repeat(COMMAND_KEY_MAX_LENGTH);
      const res = await t.http('GET', '/api/test-edge/context', {
        token: bob,
        headers: { 'Idempotency-Key': key },
      });
      expect(res.status).toBe(200);
      expect(res.body.commandId).toBe(key);
    });

    it('refuses a malformed Idempotency-Key with 400 on that header', async () => {
      const before = runs.count;
      for (const key of ['has space', 'x'.repeat(COMMAND_KEY_MAX_LENGTH + 1), 'bad/key', '']) {
        const res = await t.http('POST', '/api/test-edge/count', {
          token: bob,
          body: {},
          headers: { 'Idempotency-Key': key },
        });
        expect(res.status).toBe(400);
        expect(res.body.problems).toEqual([{ path: 'Idempotency-Key', message: idempotencyKeyMessage }]);
      }
      expect(runs.count).toBe(before);
    });
  });

  describe('read-your-writes', () => {
    it('waits for the projections, then answers the position as "commit/prepare"', async () => {
      const before = runs.count;
      const res = await t.http('POST', '/api/test-edge/count', { token: bob, body: {} });
      expect(res.status).toBe(201);
      const expected = `5/${before + 1}`;
      expect(res.body.position).toBe(expected);
      expect(res.headers.get('x-log-position')).toBe(expected);
      // Not for a projection still being built (its tables are missing or frozen until the swap).
      expect(progress.calls.at(-1)).toEqual({
        position: expected,
        timeoutMs: 1234,
        options: { exceptBuilding: true },
      });
    });

    it('turns bigints into strings and leaves other values alone', async () => {
      const res = await t.http('GET', '/api/test-edge/bigint');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        total: '12345678901234567890',
        rows: [{ revision: '3', name: 'a' }],
        when: '1970-01-01T00:00:00.000Z',
      });
    });
  });

  describe('idempotency', () => {
    it('replays the stored answer to a retry with the same key, without running the handler', async () => {
      const before = runs.count;
      const first = await t.http('POST', '/api/test-edge/count', {
        token: bob,
        body: {},
        headers: { 'Idempotency-Key': 'retry-me' },
      });
      const second = await t.http('POST', '/api/test-edge/count', {
        token: bob,
        body: {},
        headers: { 'Idempotency-Key': 'retry-me' },
      });
      expect(runs.count).toBe(before + 1);
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(first.body).toEqual({ run: before + 1, commandId: 'retry-me', position: `5/${before + 1}` });
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(second.headers.get('x-log-position')).toBe(`5/${before + 1}`);

      const stored = await t.db.db
        .selectFrom('command_results')
        .selectAll()
        .where('command_id', '=', 'retry-me')
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0].actor_id).toBe('2');
    });

    it('runs the handler every time without a key', async () => {
      const before = runs.count;
      await t.http('POST', '/api/test-edge/count', { token: bob, body: {} });
      await t.http('POST', '/api/test-edge/count', { token: bob, body: {} });
      expect(runs.count).toBe(before + 2);
    });

    it('refuses the key of someone else, and the key of a different request, with 409', async () => {
      await t.http('POST', '/api/test-edge/count', {
        token: bob,
        body: {},
        headers: { 'Idempotency-Key': 'bobs' },
      });
      const before = runs.count;
      const other = await t.http('POST', '/api/test-edge/count', {
        token: ada,
        body: {},
        headers: { 'Idempotency-Key': 'bobs' },
      });
      expect(other.status).toBe(409);
      expect(other.body.message).toBe(
        'This Idempotency-Key was already used by someone else. Use a new key.',
      );
      const changed = await t.http('POST', '/api/test-edge/count', {
        token: bob,
        body: { delayMs: 1 },
        headers: { 'Idempotency-Key': 'bobs' },
      });
      expect(changed.status).toBe(409);
      expect(changed.body.message).toBe(
        'This Idempotency-Key was already used for a different request. Use a new key.',
      );
      expect(runs.count).toBe(before);
    });

    it('does not store a failed answer: a retry runs the handler again', async () => {
      const headers = { 'Idempotency-Key': 'flaky-1' };
      const first = await t.http('POST', '/api/test-edge/flaky', { token: bob, body: {}, headers });
      expect(first.status).toBe(409);
      const second = await t.http('POST', '/api/test-edge/flaky', { token: bob, body: {}, headers });
      expect(second.status).toBe(201);
      expect(second.body).toEqual({ run: 2, position: null });
      const third = await t.http('POST', '/api/test-edge/flaky', { token: bob, body: {}, headers });
      expect(third.body).toEqual({ run: 2, position: null });
      expect(runs.flaky).toBe(2);
    });

    it('keeps only a keyed fingerprint of a sensitive body: neither the value nor its plain SHA-256', async () => {
      const body = { dob: '1988-04-23' };
      const headers = { 'Idempotency-Key': 'sensitive-put' };
      const first = await t.http('PUT', '/api/test-edge/profile', { token: bob, body, headers });
      expect(first.status).toBe(200);
      const retry = await t.http('PUT', '/api/test-edge/profile', { token: bob, body, headers });
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      const other = await t.http('PUT', '/api/test-edge/profile', {
        token: bob,
        body: { dob: '1988-04-24' },
        headers,
      });
      expect(other.status).toBe(409);

      const stored = JSON.stringify(
        await t.db.db
          .selectFrom('command_results')
          .selectAll()
          .where('command_id', '=', 'sensitive-put')
          .execute(),
      );
      const plainHash = createHash('sha256').update(`PUT /api/test-edge/profile\n${JSON.stringify(body)}`);
      const digest = plainHash.digest();
      expect(stored).not.toContain('1988-04-23');
      expect(stored).not.toContain(digest.toString('base64url'));
      expect(stored).not.toContain(digest.toString('hex'));
      expect(stored).not.toContain(digest.toString('base64'));
    });

    it('answers concurrent duplicates with the answer stored first', async () => {
      const request = () =>
        t.http('POST', '/api/test-edge/count', {
          token: bob,
          body: { delayMs: 200 },
          headers: { 'Idempotency-Key': 'twins' },
        });
      const [a, b] = await Promise.all([request(), request()]);
      expect(a.status).toBe(201);
      expect(b.status).toBe(201);
      expect(b.body).toEqual(a.body);
      const stored = await t.db.db
        .selectFrom('command_results')
        .selectAll()
        .where('command_id', '=', 'twins')
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0].response.body).toEqual(a.body);
    });
  });
});
